package org.asynchttpclient.reliability;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.jetbrains.annotations.Nullable;

/**
 * An {@link AsyncHandler} that records what happened to its exchange: how many terminal callbacks
 * it got (must be exactly one), the failure if any, the status and body size, and the {@link
 * System#nanoTime()} of its first and last callback. {@link #ended()} completes on the first
 * terminal callback.
 *
 * <p>Threads: callbacks come from I/O and timer threads; every field is atomic or volatile.
 */
class TrackingHandler implements AsyncHandler<Integer> {
  volatile long startNanos = System.nanoTime();
  final AtomicInteger terminals = new AtomicInteger();
  final AtomicInteger callbacks = new AtomicInteger();
  final AtomicLong bodyBytes = new AtomicLong();
  final LongAccumulator lastCallbackNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final CompletableFuture<TrackingHandler> ended = new CompletableFuture<>();
  volatile int status = -1;
  volatile @Nullable Throwable failure;
  volatile long endNanos;

  private void mark() {
    callbacks.incrementAndGet();
    lastCallbackNanos.accumulate(System.nanoTime());
  }

  /** Completes (never exceptionally) with this handler on the first terminal callback. */
  CompletableFuture<TrackingHandler> ended() {
    return ended;
  }

  /** Restarts the clock: call right before handing the handler to the client. */
  TrackingHandler markStart() {
    startNanos = System.nanoTime();
    return this;
  }

  long elapsedMillis() {
    return (endNanos - startNanos) / 1_000_000;
  }

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    mark();
    status = responseStatus.getStatusCode();
    return State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) {
    mark();
    return State.CONTINUE;
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart bodyPart) {
    mark();
    bodyBytes.addAndGet(bodyPart.length());
    return State.CONTINUE;
  }

  @Override
  public void onThrowable(Throwable t) {
    mark();
    if (terminals.incrementAndGet() == 1) {
      failure = t;
      endNanos = System.nanoTime();
      ended.complete(this);
    }
  }

  @Override
  public Integer onCompleted() {
    mark();
    if (terminals.incrementAndGet() == 1) {
      endNanos = System.nanoTime();
      ended.complete(this);
    }
    return status;
  }
}
