package io.github.ahcdeadline.bench;

import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.Response;

/**
 * The handler of one timeout request (to a route that never answers): when it was sent, on which
 * kind of connection it ran, and when and how the caller heard of its end.
 *
 * <pre>
 *   SENT --first onCompleted or onThrowable: record time and outcome--&gt; ENDED
 *   ENDED --any later end (a client may report more than one failure)--&gt; ignored
 * </pre>
 *
 * <p>The connection is told by the client's own callbacks, which AHC 3.0.11 and ahc-deadline both
 * call: {@code onConnectionPooled} when the request took an idle pooled connection, {@code
 * onTcpConnectAttempt} when it opened one. Uses only the public AsyncHttpClient API.
 */
final class TimeoutProbe extends AsyncCompletionHandler<Response> {
  /** How the request ended. */
  enum Outcome {
    /** Not yet. */
    PENDING,
    /** {@code onThrowable} with a {@link TimeoutException}: the case measured. */
    TIMEOUT,
    /** A response, or another exception. */
    OTHER
  }

  // immutable
  private final TimeoutPlan.Half half;
  private final long timeoutNanos;

  // any thread: set by the pacer before execute, by I/O threads after
  private volatile long submittedNanos;
  private volatile long heardNanos;
  private volatile Outcome outcome = Outcome.PENDING;
  private volatile String description = "";
  private volatile boolean reusedPooled;
  private volatile boolean connectedNew;
  private final AtomicBoolean ended = new AtomicBoolean();
  private final CountDownLatch endedLatch = new CountDownLatch(1);

  /** A probe for a request sent on a {@code half} connection with this request timeout. */
  TimeoutProbe(TimeoutPlan.Half half, long timeoutMillis) {
    this.half = half;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
  }

  /**
   * How late the caller heard of a timeout: heard - (submitted + timeout). Negative when it heard
   * early.
   */
  static long latenessNanos(long submittedNanos, long timeoutNanos, long heardNanos) {
    return heardNanos - (submittedNanos + timeoutNanos);
  }

  /** Marks the submit time; call just before {@code execute}. */
  void submitted(long nanoTime) {
    submittedNanos = nanoTime;
  }

  /**
   * Records the first end only: {@code nanoTime} when the caller heard of it, and whether it was
   * a {@link TimeoutException}.
   */
  void end(long nanoTime, Throwable failure) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    heardNanos = nanoTime;
    if (failure instanceof TimeoutException) {
      outcome = Outcome.TIMEOUT;
    } else {
      description = failure == null ? "a response" : failure.toString().replace('\n', ' ');
      outcome = Outcome.OTHER;
    }
    endedLatch.countDown();
  }

  @Override
  public Response onCompleted(Response response) {
    end(System.nanoTime(), null);
    return response;
  }

  @Override
  public void onThrowable(Throwable t) {
    end(System.nanoTime(), t);
  }

  @Override
  public void onConnectionPooled(Channel connection) {
    reusedPooled = true;
  }

  @Override
  public void onTcpConnectAttempt(InetSocketAddress remoteAddress) {
    connectedNew = true;
  }

  /** Waits until the request ended or {@code deadlineNanos} passed; true if it ended. */
  boolean awaitEnd(long deadlineNanos) throws InterruptedException {
    return endedLatch.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  TimeoutPlan.Half half() {
    return half;
  }

  Outcome outcome() {
    return outcome;
  }

  /** The other outcome, described; "" unless {@link #outcome()} is {@link Outcome#OTHER}. */
  String description() {
    return description;
  }

  /** Lateness of a timed-out request; meaningful only when {@link #outcome()} is TIMEOUT. */
  long latenessNanos() {
    return latenessNanos(submittedNanos, timeoutNanos, heardNanos);
  }

  /**
   * Whether the request ran on the kind of connection its half asked for: a pooled one taken
   * from the pool, or a new one opened for it (and not both: a stale pooled connection that made
   * the client connect after all does not count).
   */
  boolean onIntendedConnection() {
    return half == TimeoutPlan.Half.POOLED
        ? reusedPooled && !connectedNew
        : connectedNew && !reusedPooled;
  }
}
