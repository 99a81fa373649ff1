package org.asynchttpclient.netty.h2;

import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.jetbrains.annotations.Nullable;

/** A hop waiting for its partition's HTTP/2 connection or for a stream slot of it. */
final class H2Waiter {
  // immutable
  final Attempt attempt;
  final Exchange<?> exchange;

  /** The slot granted to this hop; set under the partition's monitor before it is dispatched. */
  @Nullable StreamSlot slot;

  H2Waiter(Attempt attempt) {
    this.attempt = attempt;
    this.exchange = attempt.exchange();
  }

  /** Its exchange ended (a timeout, a cancel) or the hop was replaced: skip it. */
  boolean isOver() {
    return attempt.isOver();
  }
}
