package org.asynchttpclient.extras.interop;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * HAProxy 2.6 (Debian), {@code mode http}, in front of the counting backend, closing client
 * connections idle for 200 ms ({@code timeout http-keep-alive 200ms}).
 */
class HaproxyInteropTest {
  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  static Path dir;

  // test thread
  private static CountingBackend backend;
  private static Haproxy haproxy;

  @BeforeAll
  static void start() throws Exception {
    if (Machine.find("haproxy").isEmpty()) {
      return; // each test skips, saying why (installed())
    }
    backend = new CountingBackend();
    haproxy = Haproxy.start(dir, backend.port(), "timeout http-keep-alive 200ms");
  }

  @BeforeEach
  void installed() {
    Machine.require("haproxy", "haproxy");
  }

  @AfterAll
  static void stop() {
    if (haproxy != null) {
      haproxy.close();
    }
    if (backend != null) {
      backend.close();
    }
  }

  /**
   * (e) 16 clients, each sending its next request 200 ms (+-10 ms) after its last response, when
   * HAProxy closes the idle connection: no failure, no POST twice.
   */
  @Test
  void idleCloseRace() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    Run run = new Run("haproxy-h1-http-keep-alive");
    try (Clients clients = new Clients(16, recorder)) {
      run.paced(clients.clients, "http://127.0.0.1:" + haproxy.port() + "/interop",
          i -> i % 2 == 0 ? "GET" : "POST", 15, Duration.ofMillis(200), Duration.ofMillis(10));
    }
    run.assertClean(backend, recorder, haproxy.port(), null);
  }
}
