package org.asynchttpclient.extras.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * h2o 2.2 (Debian), HTTP/2 over TLS, in front of the counting backend, closing connections idle
 * for one second ({@code http2-idle-timeout: 1}, a GOAWAY then the close). 16 clients, each on its
 * own connection, send their next request one second (+-10 ms) after their last response, so
 * requests meet the idle close: a stream the server never processed goes again on a new
 * connection, and no POST reaches the backend twice.
 */
class H2oInteropTest {
  private static final int CLIENTS = 16;
  private static final int ROUNDS = 6;

  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  static Path dir;

  // test thread
  private static CountingBackend backend;
  private static H2o h2o;

  @BeforeAll
  static void start() throws Exception {
    if (Machine.find("h2o").isEmpty()) {
      return; // each test skips, saying why (installed())
    }
    backend = new CountingBackend();
    h2o = H2o.start(dir, PemFiles.write(dir), backend.port(), "http2-idle-timeout: 1");
  }

  @BeforeEach
  void installed() {
    Machine.require("h2o", "h2o");
  }

  @AfterAll
  static void stop() {
    if (h2o != null) {
      h2o.close();
    }
    if (backend != null) {
      backend.close();
    }
  }

  private static void idleCloseRace(String scenario, IntFunction<String> method) throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    Run run = new Run(scenario);
    try (Clients clients = new Clients(CLIENTS, recorder)) {
      run.paced(clients.clients, "https://127.0.0.1:" + h2o.port() + "/interop", method, ROUNDS,
          Duration.ofSeconds(1), Duration.ofMillis(10));
    }
    assertEquals(Set.of("2"), recorder.protocols(), "HTTP versions the requests went out in");
    run.assertClean(backend, recorder, h2o.port(), h2o.accessLog);
  }

  /** (c) GETs meeting h2o's idle close. */
  @Test
  void getsSurviveIdleClose() throws Exception {
    idleCloseRace("h2o-h2-idle-get", i -> "GET");
  }

  /** (c) POSTs meeting h2o's idle close. */
  @Test
  void postsSurviveIdleClose() throws Exception {
    idleCloseRace("h2o-h2-idle-post", i -> "POST");
  }
}
