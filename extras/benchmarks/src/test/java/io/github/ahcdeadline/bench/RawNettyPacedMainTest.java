package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The paced raw client's command line, and its calls against the loopback server on 127.0.0.1. */
class RawNettyPacedMainTest {
  private static LoopbackServer server;

  @BeforeAll
  static void start() throws InterruptedException {
    server = LoopbackServer.start(1);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void parsesItsFiveArguments() {
    RawNettyPacedMain.Settings s =
        RawNettyPacedMain.Settings.parse("http://127.0.0.1:8080/small", "32", "20000", "0", "5000");
    assertEquals(URI.create("http://127.0.0.1:8080/small"), s.uri);
    assertEquals(32, s.inFlight);
    assertEquals(20000, s.rate);
    assertEquals(0, s.warmupMillis);
    assertEquals(5000, s.measureMillis);
  }

  @Test
  void refusedArgumentsAreNamedWithWhatWasExpected() {
    String url = "http://127.0.0.1:8080/small";
    assertRefused("arguments: 4 (expected URL IN_FLIGHT RATE WARMUP_MS MEASURE_MS)",
        url, "32", "100", "0");
    assertRefused("RATE: 0 (expected requests per second, 1 or more)", url, "32", "0", "0", "1");
    assertRefused("RATE: fast (expected requests per second, 1 or more)",
        url, "32", "fast", "0", "1");
    assertRefused("IN_FLIGHT: 0 (expected connections, 1 to 10000)", url, "0", "100", "0", "1");
    assertRefused("IN_FLIGHT: 99999 (expected connections, 1 to 10000)",
        url, "99999", "100", "0", "1");
    assertRefused("WARMUP_MS: -1 (expected milliseconds, 0 or more)", url, "1", "100", "-1", "1");
    assertRefused("MEASURE_MS: 0 (expected milliseconds, 1 or more)", url, "1", "100", "0", "0");
    assertRefused("URL: https://127.0.0.1:8443/small (expected http://HOST:PORT/PATH)",
        "https://127.0.0.1:8443/small", "1", "100", "0", "1");
    assertRefused("URL: http://127.0.0.1/small (expected http://HOST:PORT/PATH)",
        "http://127.0.0.1/small", "1", "100", "0", "1");
    assertRefused("URL: http://127.0.0.1:80 (expected http://HOST:PORT/PATH)",
        "http://127.0.0.1:80", "1", "100", "0", "1");
  }

  private static void assertRefused(String message, String... args) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RawNettyPacedMain.Settings.parse(args));
    assertEquals(message, e.getMessage());
  }

  @Test
  void pacedCallsCompleteOnKeepAliveConnections() throws Exception {
    int inFlight = 4;
    LoopbackServer.Usage before = server.usage();
    try (RawGetPool pool = RawGetPool.open(URI.create(server.url("/small")), inFlight, 1)) {
      ClosedLoop loop = new ClosedLoop(pool::start, inFlight, 200);
      loop.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      // 200/s for about a second; the deadline only bounds a broken run
      while (loop.completed() < 200 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(loop.stop(10_000), "drained after stop");
      assertTrue(loop.completed() >= 200, "completed " + loop.completed() + " (expected 200)");
      assertEquals(0, loop.errors(), loop.firstError());
      assertEquals(0, pool.lostConnections());
    }
    assertEquals(inFlight, server.usage().connectionsSince(before), "connections the server accepted (keep-alive: one per slot)");
  }

  @Test
  void aStatusOtherThan200FailsTheCall() throws Exception {
    try (RawGetPool pool = RawGetPool.open(URI.create(server.url("/missing")), 1, 1)) {
      CompletableFuture<Throwable> outcome = new CompletableFuture<>();
      pool.start(outcome::complete);
      Throwable failure = outcome.get(10, TimeUnit.SECONDS);
      assertTrue(failure != null && failure.getMessage().contains("404"),
          "failure: " + failure + " (expected one naming HTTP 404)");
    }
  }

  @Test
  void moreCallsThanConnectionsAreRefusedAndClosingFailsTheOneInFlight() throws Exception {
    CompletableFuture<Throwable> first = new CompletableFuture<>();
    try (RawGetPool pool = RawGetPool.open(URI.create(server.url("/never")), 1, 1)) {
      pool.start(first::complete);
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> pool.start(t -> {}));
      assertTrue(e.getMessage().startsWith("no idle connection (1 open;"), e.getMessage());
    }
    Throwable failure = first.get(10, TimeUnit.SECONDS);
    assertTrue(failure != null && failure.getMessage().contains("connection closed"),
        "failure: " + failure + " (expected the connection closed)");
  }
}
