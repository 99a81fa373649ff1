package org.asynchttpclient.testing;

import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A name resolver whose answer never comes, for timeouts and cancels while resolving. It remembers
 * whether it was asked, so a test can tell that the exchange really reached the lookup.
 */
public final class NeverResolver implements NameResolver<InetAddress> {
  private final AtomicBoolean asked = new AtomicBoolean();

  /** Whether any lookup was started. */
  public boolean asked() {
    return asked.get();
  }

  @Override
  public Future<InetAddress> resolve(String inetHost) {
    asked.set(true);
    return ImmediateEventExecutor.INSTANCE.newPromise();
  }

  @Override
  public Future<InetAddress> resolve(String inetHost, Promise<InetAddress> promise) {
    asked.set(true);
    return promise;
  }

  @Override
  public Future<List<InetAddress>> resolveAll(String inetHost) {
    asked.set(true);
    return ImmediateEventExecutor.INSTANCE.newPromise();
  }

  @Override
  public Future<List<InetAddress>> resolveAll(String inetHost, Promise<List<InetAddress>> promise) {
    asked.set(true);
    return promise;
  }

  @Override
  public void close() {}
}
