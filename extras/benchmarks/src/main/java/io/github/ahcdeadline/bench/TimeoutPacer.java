package io.github.ahcdeadline.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.channel.ChannelPoolPartitioning;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.uri.Uri;

/**
 * The application thread that sends the timeout requests of {@link LoadedTimeoutRun}, as a
 * {@link TimeoutPlan} says, and keeps the {@link PrimedStock} of pooled connections full.
 *
 * <p>How each half gets its kind of connection, with nothing but the public API: every timeout
 * request carries a {@link ChannelPoolPartitioning} of its own, so it never meets the load's
 * connections. A pooled request uses the key of a primed partition, which holds exactly one idle
 * connection (left there by a {@code GET /small} on that key); a new one uses a key no request ever
 * used, so the pool has nothing for it and the client connects. {@link TimeoutProbe} checks each
 * request's connection against the client's own callbacks.
 *
 * <p>Every request, timeout or primer, is sent from this thread; the primers' completions report
 * to the stock from the clients' I/O threads.
 *
 * <pre>
 *   new --start()--&gt; RUNNING --stop()--&gt; STOPPED (the thread ends after its current round)
 * </pre>
 */
final class TimeoutPacer implements TimeoutPlan.Sink {
  /** The pacer sleeps at most this long, so waiting pooled slots and primers do not lag. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

  // immutable
  private final AsyncHttpClient client;
  private final String neverUrl;
  private final String primerUrl;
  private final PrimedStock stock;
  private final long timeoutRate;
  private final int maxBacklog;
  private final Thread thread;

  // pacer thread
  private long keys;

  // any thread
  private volatile long timeoutMillis;
  private volatile boolean stopping;
  private volatile Window window;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong waitedPooled = new AtomicLong();

  /** The probes sent while a window was open. */
  static final class Window {
    // guarded by this
    private final List<TimeoutProbe> probes = new ArrayList<>();
    private boolean open = true;

    synchronized void add(TimeoutProbe probe) {
      if (open) {
        probes.add(probe);
      }
    }

    /** Closes the window; a probe sent later is not in it. */
    synchronized List<TimeoutProbe> close() {
      open = false;
      return new ArrayList<>(probes);
    }
  }

  /**
   * A pacer for {@code client}: timeout requests to {@code serverUrl + "/never"}, primers to
   * {@code serverUrl + "/small"}, {@code timeoutRate} per second.
   */
  TimeoutPacer(AsyncHttpClient client, String serverUrl, long timeoutRate, int stockTarget) {
    this.client = client;
    this.neverUrl = serverUrl + "/never";
    this.primerUrl = serverUrl + "/small";
    this.stock = new PrimedStock(stockTarget);
    this.timeoutRate = timeoutRate;
    // a tenth of a second of slots: enough for scheduling noise, too few to be a burst
    this.maxBacklog = (int) Math.max(2, timeoutRate / 10);
    this.thread = new Thread(this::pace, "timeout-pacer");
    thread.setDaemon(true);
  }

  /** The request timeout of requests sent from now on. */
  void timeoutMillis(long millis) {
    timeoutMillis = millis;
  }

  /** Starts sending (the stock is primed at once, the first timeout request goes now). */
  void start() {
    thread.start();
  }

  /** Stops sending and waits for the thread to end. */
  void stop() throws InterruptedException {
    stopping = true;
    thread.join(TimeUnit.SECONDS.toMillis(10));
  }

  /** Records the probes sent from now until the window's {@link Window#close()}. */
  Window openWindow() {
    Window w = new Window();
    window = w;
    return w;
  }

  /** Slots dropped so far (the pacer fell behind by more than its backlog). */
  long dropped() {
    return dropped.get();
  }

  /** Pooled slots so far that waited for a primed connection. */
  long waitedPooled() {
    return waitedPooled.get();
  }

  /** Primers that failed so far. */
  long primerFailures() {
    return stock.failures();
  }

  private void pace() {
    TimeoutPlan plan = new TimeoutPlan(System.nanoTime(), timeoutRate, maxBacklog);
    while (!stopping) {
      plan.advance(System.nanoTime(), stock, this);
      dropped.set(plan.dropped());
      waitedPooled.set(plan.waitedPooled());
      long wait = plan.nextDueNanos() - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
      }
    }
  }

  @Override
  public void sendPooled(Object partitionKey) {
    send(TimeoutPlan.Half.POOLED, partitionKey);
  }

  @Override
  public void sendNew() {
    send(TimeoutPlan.Half.NEW, "bench-new-" + keys++);
  }

  @Override
  public void prime() {
    String key = "bench-pooled-" + keys++;
    try {
      // The handler reports to the stock; the future adds nothing.
      Object unused =
          client
              .prepareGet(primerUrl)
              .setChannelPoolPartitioning(new FixedPartition(key))
              .execute(new Primer(stock, key));
    } catch (RuntimeException e) {
      stock.failed();
    }
  }

  private void send(TimeoutPlan.Half half, Object partitionKey) {
    long timeout = timeoutMillis;
    TimeoutProbe probe = new TimeoutProbe(half, timeout);
    Window w = window;
    if (w != null) {
      w.add(probe);
    }
    probe.submitted(System.nanoTime());
    try {
      // The probe records the outcome; the future adds nothing.
      Object unused =
          client
              .prepareGet(neverUrl)
              .setRequestTimeout(Duration.ofMillis(timeout))
              .setChannelPoolPartitioning(new FixedPartition(partitionKey))
              .execute(probe);
    } catch (RuntimeException e) {
      probe.end(System.nanoTime(), e);
    }
  }

  /** A pool partition of its own: every request with it shares one key and nothing else. */
  static final class FixedPartition implements ChannelPoolPartitioning {
    private final Object key;

    FixedPartition(Object key) {
      this.key = key;
    }

    @Override
    public Object getPartitionKey(Uri uri, String virtualHost, ProxyServer proxyServer) {
      return key;
    }
  }

  /** Puts its partition in the stock once the primer's response (a keep-alive 200) is read. */
  private static final class Primer extends AsyncCompletionHandler<Response> {
    private final PrimedStock stock;
    private final Object key;

    Primer(PrimedStock stock, Object key) {
      this.stock = stock;
      this.key = key;
    }

    @Override
    public Response onCompleted(Response response) {
      if (response.getStatusCode() == 200) {
        stock.primed(key);
      } else {
        stock.failed();
      }
      return response;
    }

    @Override
    public void onThrowable(Throwable t) {
      stock.failed();
    }
  }
}
