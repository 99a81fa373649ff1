package org.asynchttpclient.netty.carrier;

import io.netty.channel.Channel;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.h2.H2Streams;
import org.asynchttpclient.netty.hop.HopFailure;

/**
 * Describes a hop that failed on its carrier, whatever the protocol: an HTTP/2 stream adds what it
 * knows of the server's handling of it (its id, the server's GOAWAY, REFUSED_STREAM, whether its
 * HEADERS went out), so that the replay decision reads facts, not exception classes.
 *
 * <p>Threads: the carrier's loop. Stateless.
 */
public final class CarrierFailures {
  private CarrierFailures() {}

  /**
   * The failure of {@code attempt} on {@code carrier} with {@code cause}, at {@code stage} as the
   * reporting room sees it (a stream's own facts may lower it to NOT_SENT). On the carrier's loop.
   */
  public static HopFailure.Builder of(
      Attempt attempt, Channel carrier, Throwable cause, HopFailure.Stage stage) {
    HopFailure.Builder b = HopFailure.of(attempt, cause, stage).remote(carrier.remoteAddress());
    return H2Streams.isStream(carrier) ? H2Streams.addFacts(carrier, b) : b;
  }
}
