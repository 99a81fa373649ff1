package org.asynchttpclient.extras.interop;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.extras.interop.Nginx.Site;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * nginx 1.22 (Debian), HTTP/1.1 in clear text, in front of the counting backend: keep-alive churn
 * ({@code keepalive_requests 10}: every tenth response says {@code Connection: close}), idle
 * closes ({@code keepalive_timeout 1s}, met by requests paced at one second), and the deadline
 * against a slow backend.
 */
class NginxHttp1InteropTest {
  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  static Path dir;

  // test thread (JUnit runs the methods of this class one at a time)
  private static CountingBackend backend;
  private static Nginx nginx;

  @BeforeAll
  static void start() throws Exception {
    if (Machine.find("nginx").isEmpty()) {
      return; // each test skips, saying why (installed())
    }
    backend = new CountingBackend();
    nginx =
        Nginx.start(
            dir,
            PemFiles.write(dir),
            backend.port(),
            List.of(
                Site.http1("churn", "keepalive_requests 10;"),
                Site.http1("idle", "keepalive_timeout 1s;"),
                Site.http1("slow", "")));
  }

  @BeforeEach
  void installed() {
    Machine.require("nginx", "nginx");
  }

  @AfterAll
  static void stop() {
    if (nginx != null) {
      nginx.close();
    }
    if (backend != null) {
      backend.close();
    }
  }

  private static String url(String site) {
    return "http://127.0.0.1:" + nginx.port(site) + "/interop";
  }

  /**
   * (d) GETs and POSTs, 16 in flight, on connections nginx closes after ten requests each (its
   * connections to the backend churn too: the backend closes one after every seventh request).
   */
  @Test
  void keepAliveChurn() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    Run run = new Run("nginx-h1-keepalive-requests").backendClosesEvery(7);
    try (AsyncHttpClient client = asyncHttpClient(Clients.defaults(recorder))) {
      run.concurrently(client, url("churn"), i -> i % 2 == 0 ? "GET" : "POST", 2000, 16);
    }
    assertEquals(Set.of("1.1"), recorder.protocols(), "HTTP versions the requests went out in");
    run.assertClean(backend, recorder, nginx.port("churn"), nginx.accessLog);
  }

  /**
   * (e) 16 clients, each sending its next request one second (+-10 ms) after its last response:
   * just when nginx closes the idle connection. A request that meets the close was not processed
   * and goes again on a new connection; no POST twice.
   */
  @Test
  void idleCloseRace() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    Run run = new Run("nginx-h1-keepalive-timeout");
    try (Clients clients = new Clients(16, recorder)) {
      run.paced(clients.clients, url("idle"), i -> i % 2 == 0 ? "GET" : "POST", 6,
          Duration.ofSeconds(1), Duration.ofMillis(10));
    }
    run.assertClean(backend, recorder, nginx.port("idle"), nginx.accessLog);
  }

  /** (f) A slow backend: the deadline fails the request on time and closes the connection (nginx: 499). */
  @Test
  void deadlineClosesTheConnection() throws Exception {
    Deadlines.timeoutStopsTheWork(
        "nginx-h1-deadline", url("slow"), "1.1", nginx.port("slow"), backend, nginx.accessLog);
  }
}
