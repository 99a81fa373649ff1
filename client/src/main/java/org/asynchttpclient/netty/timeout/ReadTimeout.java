package org.asynchttpclient.netty.timeout;

import io.netty.channel.EventLoop;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * The read timeout of one attempt, armed once its request is written: it fires when the channel
 * has been silent for its budget, and while reads keep arriving it schedules itself again (the
 * same object, on the same loop: E8) for what is left of the current quiet window. While the
 * handler has the response body suspended it never fires: each run finds the attempt paused and
 * looks again a budget later.
 */
final class ReadTimeout extends TimeoutTask {
  // written only by the task's own runs (which never overlap), after construction
  private volatile long windowStart;

  ReadTimeout(
      TimeoutScheduler scheduler,
      AttemptTimeouts.Owner owner,
      @Nullable EventLoop loop,
      long startNanos,
      long budgetNanos) {
    super(scheduler, owner, loop, budgetNanos);
    this.windowStart = startNanos;
  }

  @Override
  long untilDue(long nowNanos) {
    if (owner.readPaused()) {
      // The body is suspended: the silence is the handler's. Look again a whole budget later;
      // the resume records a read, from which the quiet window counts.
      windowStart = nowNanos;
      return budgetNanos;
    }
    long quietSince = Math.max(owner.lastReadNanos(), windowStart);
    windowStart = quietSince;
    return quietSince + budgetNanos - nowNanos;
  }

  @Override
  ExchangeTimeoutException.Kind kind() {
    return ExchangeTimeoutException.Kind.READ;
  }

  @Override
  public long deadlineNanos() {
    return windowStart + budgetNanos;
  }
}
