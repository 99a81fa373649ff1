package org.asynchttpclient.extras.interop;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.asynchttpclient.Dsl.config;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.Response;

/**
 * (f) A slow backend behind a server, and the client's deadline: the request timeout (300 ms,
 * absolute, on the event loop) fails the request with a plain {@link TimeoutException} on time,
 * and stops the work: the server logs {@code 499} (the client closed the connection or reset the
 * stream) and gives up its own request to the backend before the backend answers (2 s).
 */
final class Deadlines {
  static final Duration REQUEST_TIMEOUT = Duration.ofMillis(300);
  /** Room for a loaded 2-core machine; the backend answers at 2000 ms, far beyond it. */
  static final Duration SLACK = Duration.ofMillis(700);
  static final Duration BACKEND_DELAY = Duration.ofSeconds(2);
  private static final Duration LOG_WAIT = Duration.ofSeconds(5);

  private Deadlines() {}

  /**
   * Three requests (GET, POST, GET) to {@code url}, each timed out by the client and stopped; each
   * went out in HTTP version {@code protocol} ("1.1" or "2").
   */
  static void timeoutStopsTheWork(
      String scenario, String url, String protocol, int port, CountingBackend backend, AccessLog accessLog)
      throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    List<Long> elapsed = new ArrayList<>();
    List<String> statuses = new ArrayList<>();
    int abandoned = 0;
    try (AsyncHttpClient client =
        asyncHttpClient(
            config()
                .setUseInsecureTrustManager(true)
                .setRequestTimeout(REQUEST_TIMEOUT)
                .setUseAbsoluteRequestDeadline(true)
                .setUseEventLoopTimeouts(true)
                .addExchangeListener(recorder))) {
      for (int i = 0; i < 3; i++) {
        String id = scenario + "-" + i;
        BoundRequestBuilder request =
            client
                .prepare(i == 1 ? "POST" : "GET", url)
                .addHeader(CountingBackend.ID, id)
                .addHeader(CountingBackend.DELAY, String.valueOf(BACKEND_DELAY.toMillis()));
        if (i == 1) {
          request.setBody("payload of " + id);
        }
        long start = System.nanoTime();
        Future<Response> future = request.execute();
        ExecutionException failure =
            assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS), id);
        long nanos = System.nanoTime() - start;
        elapsed.add(TimeUnit.NANOSECONDS.toMillis(nanos));
        Throwable cause = failure.getCause();
        assertEquals(TimeoutException.class, cause.getClass(), () -> id + ": " + cause);
        assertTrue(
            cause.getMessage() != null && cause.getMessage().contains("127.0.0.1:" + port),
            () -> id + ": message does not name 127.0.0.1:" + port + ": " + cause.getMessage());
        assertTrue(
            nanos >= REQUEST_TIMEOUT.toNanos() && nanos < REQUEST_TIMEOUT.plus(SLACK).toNanos(),
            () -> id + ": timed out after " + nanos / 1_000_000 + " ms (expected " + REQUEST_TIMEOUT.toMillis()
                + " ms to " + REQUEST_TIMEOUT.plus(SLACK).toMillis() + " ms)");
        Optional<String> status = accessLog.awaitStatus(id, LOG_WAIT);
        statuses.add(status.orElse("none"));
        if (backend.awaitAbandoned(id, LOG_WAIT)) {
          abandoned++;
        }
      }
    }
    System.out.printf(
        "[interop] %s: requests=3 timeouts=3 elapsed=%s ms serverStatuses=%s backendAbandoned=%d protocols=%s%n",
        scenario, elapsed, statuses, abandoned, recorder.protocols());
    int abandonedCount = abandoned;
    assertAll(
        scenario,
        () -> assertEquals(Set.of(protocol), recorder.protocols(), "HTTP versions the requests went out in"),
        () -> assertEquals(List.of("499", "499", "499"), statuses, "statuses in " + accessLog.file()),
        () -> assertEquals(3, abandonedCount, "backend requests the server gave up before the backend answered"));
  }
}
