package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.FaultServer;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 3000 exchanges per timeout mode, about 100 in flight, against loopback routes that answer,
 * never answer, answer after the timeout, stall mid-body, reset at once, or cut the body short.
 * Every exchange must end exactly once with the outcome its fault calls for: a response, a
 * TimeoutException, or an IOException; one whose connection was reset or cut must not wait for
 * the timeout (it ends in under half of it); and once the client is closed the server holds no
 * connection. Replays are off, so a reset is one attempt. A warm-up batch first (checked for
 * exactly one outcome only) keeps JIT and first connections out of the timings. The figures are
 * printed for the record.
 */
class MixedFaultSoakTest {
  private static final int EXCHANGES = 3000;
  private static final int WARM_UP = 300;
  private static final int IN_FLIGHT = 100;
  private static final long TIMEOUT_MS = 1000;
  /** How late a timeout may end on a shared 2-core machine before it counts as late. */
  private static final long LATE_SLACK_MS = 1000;

  private enum Route {
    OK("/ok/", 30),
    CHUNKED("/chunked", 5),
    GZIP("/gzip", 5),
    NEVER("/never", 10),
    LATE("/late/" + TIMEOUT_MS * 3 / 2, 10),
    STALL("/stall", 10),
    RESET("/reset", 15),
    CUT("/cut", 15);

    final String path;
    final int weight;

    Route(String path, int weight) {
      this.path = path;
      this.weight = weight;
    }

    boolean timesOut() {
      return this == NEVER || this == LATE || this == STALL;
    }

    boolean connectionDies() {
      return this == RESET || this == CUT;
    }
  }

  private static final class Exchange {
    final int id;
    final Route route;
    final int okBytes;
    final RecordingHandler handler = new RecordingHandler();

    Exchange(int id, Route route, int okBytes) {
      this.id = id;
      this.route = route;
      this.okBytes = okBytes;
    }

    /** What is wrong with this exchange's outcome, or null. */
    String problem() {
      if (handler.terminals() != 1) {
        return "terminal callbacks: " + handler.terminals();
      }
      Throwable t = handler.failure();
      long elapsed = handler.elapsedMillis();
      switch (route) {
        case OK:
        case CHUNKED:
        case GZIP:
          if (t != null) {
            return "failed: " + t;
          }
          long expected =
              route == Route.OK ? okBytes : route == Route.CHUNKED ? 9 : FaultServer.GZIP_PLAIN_LENGTH;
          if (handler.status() != 200 || handler.bodyLength() != expected) {
            return "status " + handler.status() + ", " + handler.bodyLength() + " bytes";
          }
          return null;
        case RESET:
        case CUT:
          if (!(t instanceof IOException)) {
            return "expected an IOException, got " + t;
          }
          return elapsed < TIMEOUT_MS / 2 ? null : "waited " + elapsed + " ms for a dead connection";
        default:
          return t instanceof TimeoutException ? null : "expected a TimeoutException, got " + t;
      }
    }
  }

  private static long median(List<Long> values) {
    if (values.isEmpty()) {
      return -1;
    }
    List<Long> sorted = new ArrayList<>(values);
    java.util.Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }

  /** Runs {@code count} exchanges, at most IN_FLIGHT at a time, and waits for all to end. */
  private static void runBatch(
      DefaultAsyncHttpClient client,
      RawServer server,
      int count,
      Random random,
      List<Exchange> exchanges,
      int totalWeight)
      throws Exception {
    List<CompletableFuture<RecordingHandler>> ends = new ArrayList<>();
    Semaphore window = new Semaphore(IN_FLIGHT);
    for (int i = 0; i < count; i++) {
      int pick = random.nextInt(totalWeight);
      Route route = Route.OK;
      for (Route r : Route.values()) {
        if (pick < r.weight) {
          route = r;
          break;
        }
        pick -= r.weight;
      }
      int okBytes = 1 + random.nextInt(20_000);
      Exchange ex = new Exchange(i, route, okBytes);
      String path = route == Route.OK ? route.path + okBytes : route.path;
      assertTrue(window.tryAcquire(30, TimeUnit.SECONDS), "no slot freed in 30 s at " + i);
      ex.handler.ended().whenComplete((h, t) -> window.release());
      exchanges.add(ex);
      ends.add(ex.handler.ended());
      client.prepareGet(server.url(path)).execute(ex.handler.markStart());
    }
    CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void everyExchangeEndsOnceWithTheRightOutcome(boolean eventLoopTimeouts) throws Exception {
    Random random = new Random(42 + (eventLoopTimeouts ? 1 : 0));
    int totalWeight = 0;
    for (Route r : Route.values()) {
      totalWeight += r.weight;
    }
    List<Exchange> exchanges = new ArrayList<>();
    long wallStart;
    TimeoutStats timeoutStats;
    try (RawServer server = FaultServer.start()) {
      DefaultAsyncHttpClient client =
          new DefaultAsyncHttpClient(
              ClientFixture.faultConfig()
                  .setUseEventLoopTimeouts(eventLoopTimeouts)
                  .setRequestTimeout(Duration.ofMillis(TIMEOUT_MS))
                  .setReadTimeout(Duration.ofSeconds(30))
                  .setConnectTimeout(Duration.ofSeconds(5))
                  // One attempt per exchange: a reset is not replayed, so its time is its own.
                  .setMaxRequestRetry(0)
                  .build());
      try {
        // Warm-up (JIT, class loading, first connections): checked for exactly one outcome only.
        List<Exchange> warmUp = new ArrayList<>();
        runBatch(client, server, WARM_UP, random, warmUp, totalWeight);
        for (Exchange ex : warmUp) {
          assertEquals(1, ex.handler.terminals(), "warm-up #" + ex.id);
        }
        wallStart = System.nanoTime();
        runBatch(client, server, EXCHANGES, random, exchanges, totalWeight);
      } finally {
        timeoutStats = client.getClientStats().getTimeoutStats();
        client.close();
      }
      int stillOpen = server.awaitOpenAtMost(0, Duration.ofMillis(5000));
      long wallMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - wallStart);

      Map<String, Integer> outcomes = new TreeMap<>();
      Map<Route, Integer> perRoute = new TreeMap<>();
      List<String> problems = new ArrayList<>();
      int missing = 0;
      int late = 0;
      long maxTimeoutMillis = 0;
      long maxDeadConnectionMillis = 0;
      List<Long> deadMillis = new ArrayList<>();
      for (Exchange ex : exchanges) {
        perRoute.merge(ex.route, 1, Integer::sum);
        RecordingHandler h = ex.handler;
        if (h.terminals() == 0) {
          missing++;
          continue;
        }
        String outcome =
            h.failure() == null ? "response " + h.status() : h.failure().getClass().getSimpleName();
        outcomes.merge(outcome, 1, Integer::sum);
        long elapsed = h.elapsedMillis();
        if (ex.route.timesOut()) {
          maxTimeoutMillis = Math.max(maxTimeoutMillis, elapsed);
          if (elapsed > TIMEOUT_MS + LATE_SLACK_MS) {
            late++;
          }
        }
        if (ex.route.connectionDies()) {
          maxDeadConnectionMillis = Math.max(maxDeadConnectionMillis, elapsed);
          deadMillis.add(elapsed);
        }
        String problem = ex.problem();
        if (problem != null) {
          problems.add("#" + ex.id + " " + ex.route + ": " + problem);
        }
      }
      System.out.printf(
          "[soak] eventLoopTimeouts=%s: %d exchanges, %d in flight, timeout %d ms, wall %d ms%n"
              + "[soak]   routes %s%n"
              + "[soak]   outcomes %s%n"
              + "[soak]   wrong %d, missing %d, late %d (timeouts ended within %d ms; reset/cut within"
              + " %d ms, median %d ms), server connections open after close %d%n"
              + "[soak]   %s%n",
          eventLoopTimeouts, EXCHANGES, IN_FLIGHT, TIMEOUT_MS, wallMillis, perRoute, outcomes,
          problems.size(), missing, late, maxTimeoutMillis, maxDeadConnectionMillis,
          median(deadMillis), stillOpen,
          timeoutStats);
      assertEquals(0, missing, "exchanges without an outcome");
      assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), problems.size() + " wrong outcomes");
      assertEquals(0, late, "timeouts that ended late");
      assertEquals(0, stillOpen, "server connections left after close()");
      // Exactly once, still, now that nothing can call back any more.
      for (Exchange ex : exchanges) {
        assertEquals(1, ex.handler.terminals(), "#" + ex.id);
      }
    }
  }
}
