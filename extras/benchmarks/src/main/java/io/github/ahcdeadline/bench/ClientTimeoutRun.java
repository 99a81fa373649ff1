package io.github.ahcdeadline.bench;

import io.netty.channel.Channel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

/**
 * Fires a burst of requests at a route that never answers, each with the same request timeout, and
 * records how late the caller hears of each timeout: lag = time {@code onThrowable} ran minus
 * (submit time + request timeout).
 *
 * <p>Uses only the public AsyncHttpClient API (plus {@link ClientFlags}), so the same class runs
 * against ahc-deadline and the released AsyncHttpClient versions.
 */
public final class ClientTimeoutRun {
  /**
   * Whole bursts before the measured ones: a single short warm-up left the first measured burst
   * running partly interpreted, which inflated every client's tail alike.
   */
  static final int DEFAULT_WARMUP_BURSTS = 2;

  private static final long EXTRA_WAIT_MS = 60_000;
  private static final long PAUSE_BETWEEN_BURSTS_MS = 200;

  private ClientTimeoutRun() {}

  /** Timer mode (default) or event-loop mode. */
  public enum Mode {
    /** Timeouts on the client's hashed wheel timer (AHC's behaviour). */
    TIMER,
    /** Timeouts on the channel's event loop ({@code setUseEventLoopTimeouts(true)}). */
    EVENT_LOOP;

    /** Parses {@code timer} or {@code eventloop}. */
    public static Mode parse(String text) {
      switch (text) {
        case "timer":
          return TIMER;
        case "eventloop":
          return EVENT_LOOP;
        default:
          throw new IllegalArgumentException("mode: " + text + " (expected timer or eventloop)");
      }
    }
  }

  /** What a burst produced. */
  public static final class Outcome {
    private final long[] timeoutLagsNanos;
    private final int others;
    private final String firstOther;
    private final boolean modeApplied;

    Outcome(long[] timeoutLagsNanos, int others, String firstOther, boolean modeApplied) {
      this.timeoutLagsNanos = timeoutLagsNanos;
      this.others = others;
      this.firstOther = firstOther;
      this.modeApplied = modeApplied;
    }

    /** Lag of every request that ended with a {@link TimeoutException}, in ns. */
    public long[] timeoutLagsNanos() {
      return timeoutLagsNanos.clone();
    }

    /** Requests that ended any other way (a response, another exception). */
    public int others() {
      return others;
    }

    /** A description of the first other outcome, or "" if there was none. */
    public String firstOther() {
      return firstOther;
    }

    /** False when event-loop mode was asked for but this client has no such setting. */
    public boolean modeApplied() {
      return modeApplied;
    }

    /** The outcomes of several bursts as one: lags and other outcomes added up. */
    static Outcome pooled(List<Outcome> bursts) {
      int total = 0;
      for (Outcome o : bursts) {
        total += o.timeoutLagsNanos.length;
      }
      long[] lags = new long[total];
      int next = 0;
      int others = 0;
      String firstOther = "";
      boolean applied = true;
      for (Outcome o : bursts) {
        System.arraycopy(o.timeoutLagsNanos, 0, lags, next, o.timeoutLagsNanos.length);
        next += o.timeoutLagsNanos.length;
        others += o.others;
        if (firstOther.isEmpty()) {
          firstOther = o.firstOther;
        }
        applied &= o.modeApplied;
      }
      return new Outcome(lags, others, firstOther, applied);
    }
  }

  /**
   * Runs {@link #DEFAULT_WARMUP_BURSTS} warm-up bursts and then one measured burst of {@code count}
   * requests to {@code url} on the default (NIO) transport.
   *
   * @param timeoutMillis the request timeout of every request
   */
  public static Outcome run(String url, int count, long timeoutMillis, Mode mode)
      throws InterruptedException {
    return run(url, count, timeoutMillis, mode, "nio", 1);
  }

  /**
   * Runs warm-up bursts, then {@code measuredBursts} bursts of {@code count} requests each, one
   * client for all of them; the outcome pools the lags of the measured bursts.
   *
   * @param transport {@code nio} (the default), {@code epoll}, {@code io_uring} or {@code default},
   *     set as {@link BenchTransport} says; the native ones need the native jars on the class path
   */
  public static Outcome run(
      String url,
      int count,
      long timeoutMillis,
      Mode mode,
      String transport,
      int measuredBursts)
      throws InterruptedException {
    if (measuredBursts < 1) {
      throw new IllegalArgumentException("measuredBursts: " + measuredBursts + " (expected >= 1)");
    }
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setRequestTimeout(Duration.ofMillis(timeoutMillis))
            // Every request of the burst holds its own connection: the server never answers.
            .setMaxConnections(-1)
            .setMaxConnectionsPerHost(-1)
            .setConnectTimeout(Duration.ofSeconds(30));
    BenchTransport.parse(transport).apply(builder);
    boolean applied =
        mode != Mode.EVENT_LOOP || ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      return warmUpThenMeasure(
          () -> burst(client, url, count, timeoutMillis, applied), measuredBursts);
    } catch (IOException e) {
      throw new IllegalStateException("closing the client failed", e);
    }
  }

  /** One burst of the benchmark, by a client or by the raw Netty ceiling. */
  interface Burst {
    Outcome run() throws InterruptedException;
  }

  /**
   * Runs {@link #DEFAULT_WARMUP_BURSTS} bursts whose results are dropped, then {@code
   * measuredBursts} whose lags are pooled, pausing after each so that its closes are done before
   * the next one starts.
   */
  static Outcome warmUpThenMeasure(Burst burst, int measuredBursts) throws InterruptedException {
    for (int i = 0; i < DEFAULT_WARMUP_BURSTS; i++) {
      burst.run();
      Thread.sleep(PAUSE_BETWEEN_BURSTS_MS);
    }
    List<Outcome> measured = new ArrayList<>();
    for (int i = 0; i < measuredBursts; i++) {
      measured.add(burst.run());
      Thread.sleep(PAUSE_BETWEEN_BURSTS_MS);
    }
    return Outcome.pooled(measured);
  }

  /** One burst of {@code count} requests on {@code client}; see the class javadoc for the lag. */
  static Outcome burst(
      AsyncHttpClient client, String url, int count, long timeoutMillis, boolean applied)
      throws InterruptedException {
    long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    long[] submitted = new long[count];
    long[] heard = new long[count];
    boolean[] timedOut = new boolean[count];
    AtomicInteger others = new AtomicInteger();
    AtomicReference<String> firstOther = new AtomicReference<>("");
    CountDownLatch done = new CountDownLatch(count);
    for (int i = 0; i < count; i++) {
      int index = i;
      Recorder recorder =
          (ended, timeout, description) -> {
            heard[index] = ended;
            timedOut[index] = timeout;
            if (!timeout) {
              others.incrementAndGet();
              firstOther.compareAndSet("", description);
            }
            done.countDown();
          };
      submitted[i] = System.nanoTime();
      try {
        // The handler records the outcome; the future adds nothing.
        Future<Response> unused = client.prepareGet(url).execute(new TimedHandler(recorder));
      } catch (RuntimeException e) {
        recorder.ended(System.nanoTime(), false, "execute threw " + e);
      }
    }
    if (!done.await(timeoutMillis + EXTRA_WAIT_MS, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException(
          done.getCount() + " of " + count + " requests neither completed nor failed");
    }
    int timeouts = 0;
    for (boolean t : timedOut) {
      timeouts += t ? 1 : 0;
    }
    long[] lags = new long[timeouts];
    int next = 0;
    for (int i = 0; i < count; i++) {
      if (timedOut[i]) {
        lags[next++] = heard[i] - (submitted[i] + timeoutNanos);
      }
    }
    return new Outcome(lags, others.get(), firstOther.get(), applied);
  }

  /** Receives the end of one request: when, whether by timeout, and otherwise how. */
  private interface Recorder {
    void ended(long nanoTime, boolean timeout, String description);
  }

  /** Reports the first end of its request only; AHC may report more than one failure. */
  private static final class TimedHandler extends AsyncCompletionHandler<Response> {
    private final Recorder recorder;
    private final AtomicBoolean ended = new AtomicBoolean();

    TimedHandler(Recorder recorder) {
      this.recorder = recorder;
    }

    @Override
    public Response onCompleted(Response response) {
      if (ended.compareAndSet(false, true)) {
        recorder.ended(System.nanoTime(), false, "HTTP " + response.getStatusCode());
      }
      return response;
    }

    @Override
    public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {
      FirstChannel.record(connection);
    }

    @Override
    public void onThrowable(Throwable t) {
      long now = System.nanoTime();
      if (ended.compareAndSet(false, true)) {
        recorder.ended(now, t instanceof TimeoutException, t.toString());
      }
    }
  }
}
