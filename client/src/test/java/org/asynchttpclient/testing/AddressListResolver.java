package org.asynchttpclient.testing;

import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-request {@code NameResolver} that answers every name with the same addresses, in the
 * given order, at once: a host with several addresses (127.0.0.x on one port) without DNS.
 * Counts its lookups.
 */
public final class AddressListResolver extends InetNameResolver {
  private final List<InetAddress> addresses = new ArrayList<>();
  private final AtomicInteger lookups = new AtomicInteger();

  public AddressListResolver(String... ips) throws UnknownHostException {
    super(ImmediateEventExecutor.INSTANCE);
    for (String ip : ips) {
      addresses.add(InetAddress.getByName(ip)); // literals: no lookup
    }
  }

  public int lookups() {
    return lookups.get();
  }

  @Override
  protected void doResolve(String host, Promise<InetAddress> promise) {
    lookups.incrementAndGet();
    promise.setSuccess(addresses.get(0));
  }

  @Override
  protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
    lookups.incrementAndGet();
    promise.setSuccess(new ArrayList<>(addresses));
  }
}
