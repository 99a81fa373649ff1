package org.asynchttpclient.netty.hop;

import io.netty.channel.Channel;
import java.util.Objects;
import org.asynchttpclient.netty.exchange.Attempt;
import org.jetbrains.annotations.Nullable;

/**
 * How a hop ended, as the room that saw its end reports it to the hop driver: its response was
 * read and another hop follows ({@link #followUp}), or it failed ({@link #failed}). Every room
 * (the response reader, the request writer, the HTTP/2 streams and waiters, the connector) reports
 * through the one door, {@code ExchangeServices#hopEnded}; the driver decides what follows, with
 * {@link Replays} for a failure.
 *
 * <p>Immutable.
 */
public final class HopEnd {
  // immutable
  private final Attempt attempt;
  private final @Nullable Channel channel;
  private final boolean keepAlive;
  private final @Nullable NextHop next;
  private final @Nullable HopFailure failure;

  private HopEnd(
      Attempt attempt, @Nullable Channel channel, boolean keepAlive, @Nullable NextHop next,
      @Nullable HopFailure failure) {
    this.attempt = attempt;
    this.channel = channel;
    this.keepAlive = keepAlive;
    this.next = next;
    this.failure = failure;
  }

  /**
   * {@code done}'s response was read to its end on {@code channel} (or abandoned: {@code keepAlive}
   * false), and the exchange goes on with {@code next}. Reported on the channel's loop.
   */
  public static HopEnd followUp(Attempt done, Channel channel, boolean keepAlive, NextHop next) {
    return new HopEnd(done, channel, keepAlive, next, null);
  }

  /** The hop failed as {@code failure} says. */
  public static HopEnd failed(HopFailure failure) {
    return new HopEnd(failure.attempt(), null, false, null, failure);
  }

  public Attempt attempt() {
    return attempt;
  }

  /** The failure, or null for a follow-up. */
  public @Nullable HopFailure failure() {
    return failure;
  }

  /** For a follow-up: the channel the response was read on. */
  public Channel channel() {
    return Objects.requireNonNull(channel, "a failed hop's end has no channel (expected a follow-up)");
  }

  /** For a follow-up: whether the channel may carry another request. */
  public boolean keepAlive() {
    return keepAlive;
  }

  /** For a follow-up: the next hop. */
  public NextHop next() {
    return Objects.requireNonNull(next, "a failed hop's end has no next hop (expected a follow-up)");
  }
}
