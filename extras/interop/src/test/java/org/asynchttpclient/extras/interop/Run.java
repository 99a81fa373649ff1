package org.asynchttpclient.extras.interop;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.Response;
import org.jetbrains.annotations.Nullable;

/**
 * The requests of one scenario and what became of each: sent with a unique id (header {@value
 * CountingBackend#ID}, query {@code id}), a response that is not {@code 200} with the backend's
 * echo of that id is a wrong answer, an exception a failure. {@link #concurrently} keeps a number
 * of requests in flight on one client; {@link #paced} lets each of several clients wait a given
 * idle time (give or take a jitter) after each response before its next request, so requests
 * meet a server's idle close. {@link #assertClean} prints the scenario's one-line summary and
 * asserts what every scenario must hold.
 *
 * <p>Threads: requests complete on the client's I/O threads; the test thread reads after the run.
 */
final class Run {
  private static final Duration BOUND = Duration.ofSeconds(45);

  // immutable
  private final String scenario;
  private final String idPrefix;

  // any thread
  private final ConcurrentMap<String, Throwable> failures = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, String> wrongAnswers = new ConcurrentHashMap<>();
  private final AtomicInteger sent = new AtomicInteger();
  private final AtomicInteger ok = new AtomicInteger();

  // test thread; closeEvery is read by the pacer and I/O threads after the run starts
  private long elapsedMillis;
  private volatile int closeEvery;

  Run(String scenario) {
    this.scenario = scenario;
    this.idPrefix = scenario + "-";
  }

  /**
   * Makes every {@code n}th request ask the backend to close its connection after answering
   * ({@value CountingBackend#CLOSE}), so the server's connections to the backend churn too.
   */
  Run backendClosesEvery(int n) {
    closeEvery = n;
    return this;
  }

  /**
   * Sends {@code total} requests to {@code url} from one client, {@code inFlight} at a time,
   * request {@code i} with {@code method.apply(i)}; returns when every one has an outcome.
   */
  Run concurrently(AsyncHttpClient client, String url, IntFunction<String> method, int total, int inFlight)
      throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + BOUND.toNanos();
    Semaphore slots = new Semaphore(inFlight);
    CountDownLatch done = new CountDownLatch(total);
    for (int i = 0; i < total; i++) {
      if (!slots.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) {
        throw new AssertionError(scenario + ": no free slot within " + BOUND + " after " + i + " requests");
      }
      send(
          client,
          url,
          method.apply(i),
          idPrefix + i,
          () -> {
            slots.release();
            done.countDown();
          });
    }
    awaitAll(done, deadline);
    elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    return this;
  }

  /**
   * Each client sends {@code rounds} requests in turn, client {@code c}'s request of round {@code
   * r} with {@code method.apply(c + r)} (so {@code i % 2} alternates within a round), waiting
   * {@code idle} plus or minus up to {@code jitter} after each response before the next (its
   * pooled connection idles that long); returns when every one has an outcome.
   */
  Run paced(
      List<AsyncHttpClient> clients, String url, IntFunction<String> method, int rounds, Duration idle, Duration jitter)
      throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + BOUND.toNanos();
    CountDownLatch done = new CountDownLatch(clients.size() * rounds);
    ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "interop-pacer");
      t.setDaemon(true);
      return t;
    });
    try {
      for (int c = 0; c < clients.size(); c++) {
        new Pacing(clients.get(c), c, url, method, rounds, idle, jitter, pacer, done).next(0);
      }
      awaitAll(done, deadline);
    } finally {
      pacer.shutdownNow();
    }
    elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    return this;
  }

  /** One client's chain of paced requests. Each step runs on the pacer's thread. */
  private final class Pacing {
    private final AsyncHttpClient client;
    private final int index;
    private final String url;
    private final IntFunction<String> method;
    private final int rounds;
    private final Duration idle;
    private final Duration jitter;
    private final ScheduledExecutorService pacer;
    private final CountDownLatch done;

    Pacing(
        AsyncHttpClient client, int index, String url, IntFunction<String> method, int rounds,
        Duration idle, Duration jitter, ScheduledExecutorService pacer, CountDownLatch done) {
      this.client = client;
      this.index = index;
      this.url = url;
      this.method = method;
      this.rounds = rounds;
      this.idle = idle;
      this.jitter = jitter;
      this.pacer = pacer;
      this.done = done;
    }

    void next(int round) {
      if (round >= rounds) {
        return;
      }
      send(
          client,
          url,
          method.apply(index + round),
          idPrefix + index + "-" + round,
          () -> {
            done.countDown();
            long jitterNanos = jitter.toNanos();
            long offset = jitterNanos == 0 ? 0 : ThreadLocalRandom.current().nextLong(-jitterNanos, jitterNanos + 1);
            ScheduledFuture<?> unused =
                pacer.schedule(() -> next(round + 1), idle.toNanos() + offset, TimeUnit.NANOSECONDS);
          });
    }
  }

  private static long remaining(long deadline) {
    return Math.max(0, deadline - System.nanoTime());
  }

  private void awaitAll(CountDownLatch done, long deadline) throws InterruptedException {
    if (!done.await(remaining(deadline), TimeUnit.NANOSECONDS)) {
      throw new AssertionError(
          scenario + ": " + done.getCount() + " of " + sent.get() + " requests without an outcome after " + BOUND);
    }
  }

  /** Sends one request, records its outcome, then runs {@code then}. */
  private void send(AsyncHttpClient client, String url, String method, String id, Runnable then) {
    int number = sent.incrementAndGet();
    BoundRequestBuilder request =
        client.prepare(method, url).addHeader(CountingBackend.ID, id).addQueryParam("id", id);
    int n = closeEvery;
    if (n > 0 && number % n == 0) {
      request.addHeader(CountingBackend.CLOSE, "after");
    }
    int bodyLength = 0;
    if ("POST".equals(method)) {
      String body = "payload of " + id + " ".repeat(100);
      request.setBody(body);
      bodyLength = body.length();
    }
    String expected = method + " " + id + " " + bodyLength;
    CompletableFuture<Response> unused =
        request
            .execute()
            .toCompletableFuture()
            .whenComplete(
                (response, failure) -> {
                  record(id, expected, response, failure);
                  then.run();
                });
  }

  private void record(String id, String expected, @Nullable Response response, @Nullable Throwable failure) {
    if (failure != null) {
      failures.put(id, unwrap(failure));
    } else if (response.getStatusCode() != 200 || !expected.equals(response.getResponseBody())) {
      wrongAnswers.put(id, response.getStatusCode() + " " + response.getResponseBody());
    } else {
      ok.incrementAndGet();
    }
  }

  private static Throwable unwrap(Throwable t) {
    Throwable c = t;
    while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
      c = c.getCause();
    }
    return c;
  }

  /**
   * Prints the run's summary line, then asserts: no failure, no wrong answer, no POST that
   * reached the backend twice, and a failure message (if any) that names {@code 127.0.0.1:port}.
   * {@code accessLog}, if given, tells of each failure whether the server logged it.
   */
  void assertClean(CountingBackend backend, ExchangeRecorder recorder, int port, @Nullable AccessLog accessLog)
      throws IOException {
    List<String> postDuplicates = backend.duplicates(idPrefix, "POST");
    List<String> getDuplicates = backend.duplicates(idPrefix, "GET");
    int unreached = 0;
    int logged = 0;
    Map<String, String> statuses = accessLog == null ? Map.of() : accessLog.statuses();
    Map<String, Integer> byMessage = new TreeMap<>();
    List<String> unnamed = new ArrayList<>();
    for (Map.Entry<String, Throwable> f : failures.entrySet()) {
      if (backend.count(f.getKey()) == 0) {
        unreached++;
      }
      if (statuses.containsKey(f.getKey())) {
        logged++;
      }
      Throwable t = f.getValue();
      String message = t.getClass().getName() + ": " + t.getMessage();
      byMessage.merge(message, 1, Integer::sum);
      if (t.getMessage() == null || !t.getMessage().contains("127.0.0.1:" + port)) {
        unnamed.add(f.getKey() + " " + message);
      }
    }
    System.out.printf(
        "[interop] %s: requests=%d ok=%d failures=%d (never reached the backend: %d%s) wrong=%d"
            + " replays=%d (at most %d for one request) newConnections=%d backendPostDuplicates=%d"
            + " backendGetDuplicates=%d protocols=%s in %d ms%n",
        scenario, sent.get(), ok.get(), failures.size(), unreached,
        accessLog == null ? "" : ", in the server's access log: " + logged,
        wrongAnswers.size(), recorder.replays(), recorder.mostReplays(), recorder.newConnections(),
        postDuplicates.size(), getDuplicates.size(),
        recorder.protocols(), elapsedMillis);
    byMessage.forEach((m, n) -> System.out.printf("[interop] %s:   %d x %s%n", scenario, n, m));
    assertAll(
        scenario,
        () -> assertEquals(0, failures.size(), () -> "failures (by message): " + byMessage + firstStack()),
        () ->
            assertEquals(
                0, wrongAnswers.size(), () -> "responses other than the backend's 200 echo: " + first(wrongAnswers)),
        () ->
            assertEquals(
                0,
                postDuplicates.size(),
                () -> "POSTs that reached the backend more than once: " + first(postDuplicates)),
        () ->
            assertTrue(
                unnamed.isEmpty(), () -> "failure messages not naming 127.0.0.1:" + port + ": " + first(unnamed)));
  }

  /** The first ten entries of {@code entries}, sorted, for a failure message. */
  private static String first(Map<String, String> entries) {
    return first(new ArrayList<>(new TreeMap<>(entries).entrySet()));
  }

  private static String first(List<?> entries) {
    List<String> texts = new ArrayList<>();
    for (Object e : entries) {
      texts.add(String.valueOf(e));
    }
    Collections.sort(texts);
    return entries.size() + " " + texts.subList(0, Math.min(10, texts.size())) + (entries.size() > 10 ? "..." : "");
  }

  private String firstStack() {
    for (Throwable t : failures.values()) {
      StringWriter w = new StringWriter();
      t.printStackTrace(new PrintWriter(w));
      return "\nfirst: " + w;
    }
    return "";
  }
}
