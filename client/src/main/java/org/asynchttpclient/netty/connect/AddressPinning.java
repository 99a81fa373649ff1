package org.asynchttpclient.netty.connect;

import io.netty.util.NetUtil;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.netty.channel.AddressPartitionKey;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * {@link LoadBalance#ROUND_ROBIN}: a hop resolves its host before it looks for a carrier, takes
 * the next address of the host's rotation ({@link AddressRotation}, then the failed-IP cooldown's
 * order) and is pinned to it: its pool partition becomes (its own key, that address) for the
 * HTTP/1.1 pool and the HTTP/2 registry alike, and a new connection dials the addresses in that
 * order (the others stay for failover). Connection permits stay per host.
 *
 * <p>Not applied, as in AHC 3.0.12: through a proxy (the connection goes to the proxy), to a
 * request with a fixed address, to a literal IP host (nothing to resolve). A host with a single
 * address is resolved once here and not again when connecting, but keeps its usual partition. A
 * retry of a pinned hop to the same host keeps the pin, as 3.0.12 keeps its pick.
 *
 * <p>The resolution is part of the hop: when the resolver does not answer at once, the hop's
 * request timeout is armed (on the timer: there is no channel yet) before waiting for it.
 *
 * <p>Threads: any. Holds the rotation's counters.
 */
final class AddressPinning {
  // immutable
  private final boolean roundRobin;
  private final Dialer dialer;
  private final AddressRotation rotation = new AddressRotation();

  AddressPinning(LoadBalance mode, Dialer dialer) {
    this.roundRobin = mode == LoadBalance.ROUND_ROBIN;
    this.dialer = dialer;
  }

  /**
   * Pins {@code attempt} and then runs {@code then} (on the resolver's thread, or inline when the
   * answer was ready); returns false, having done nothing, when the hop is not one to pin.
   * {@code previous} is the exchange's hop before this one, or null.
   */
  boolean pin(Attempt attempt, @Nullable Attempt previous, Consumer<Attempt> then) {
    if (!roundRobin || attempt.proxy() != null || attempt.request().getAddress() != null) {
      return false;
    }
    Uri uri = attempt.request().getUri();
    String host = uri.getHost();
    if (NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host)) {
      return false;
    }
    if (previous != null && keepsPin(attempt, previous)) {
      List<InetSocketAddress> kept = previous.pinnedAddresses();
      if (kept != null) {
        attempt.pin(previous.partitionKey(), kept);
        then.accept(attempt);
        return true;
      }
    }
    InetSocketAddress unresolved = InetSocketAddress.createUnresolved(host, uri.getExplicitPort());
    Future<List<InetSocketAddress>> resolved = dialer.lookUp(attempt, unresolved);
    if (resolved == null) {
      return true; // the exchange failed
    }
    if (!resolved.isDone() && !attempt.armRequestTimeout(null)) {
      return true; // the budget is spent: the exchange timed out
    }
    dialer.whenResolved(
        attempt,
        unresolved,
        resolved,
        addresses -> {
          List<InetSocketAddress> ordered =
              dialer.inCooldownOrder(host, rotation.next(host, addresses));
          Object key =
              ordered.size() > 1
                  ? new AddressPartitionKey(attempt.permitKey(), ordered.get(0).getAddress())
                  : attempt.permitKey();
          attempt.pin(key, ordered);
          attempt.phase(Phase.WAITING_FOR_CONNECTION);
          then.accept(attempt);
        });
    return true;
  }

  /** A retry to the same host and port keeps the previous hop's address (3.0.12 keeps its pick). */
  private static boolean keepsPin(Attempt attempt, Attempt previous) {
    return attempt.kind() == HopKind.RETRY
        && previous.permitKey().equals(attempt.permitKey());
  }
}
