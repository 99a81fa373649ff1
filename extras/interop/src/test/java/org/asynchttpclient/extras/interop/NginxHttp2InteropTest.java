package org.asynchttpclient.extras.interop;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.extras.interop.Nginx.Site;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * nginx 1.22 (Debian), HTTP/2 over TLS, in front of the counting backend. With {@code
 * keepalive_requests 10} nginx ends each connection with a GOAWAY after its tenth stream while the
 * client has 32 requests in flight on it: the streams above GOAWAY's last stream id were never
 * processed and must be sent again on a new connection, whatever their method, and no POST may
 * reach the backend twice.
 */
class NginxHttp2InteropTest {
  private static final int REQUESTS = 2000;
  private static final int IN_FLIGHT = 32;

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
            List.of(Site.http2("goaway", "keepalive_requests 10;"), Site.http2("slow", "")));
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
    return "https://127.0.0.1:" + nginx.port(site) + "/interop";
  }

  private static void goaways(String scenario, IntFunction<String> method, DefaultAsyncHttpClientConfig.Builder config,
      ExchangeRecorder recorder) throws Exception {
    Run run = new Run(scenario);
    try (AsyncHttpClient client = asyncHttpClient(config)) {
      run.concurrently(client, url("goaway"), method, REQUESTS, IN_FLIGHT);
    }
    assertEquals(Set.of("2"), recorder.protocols(), "HTTP versions the requests went out in");
    run.assertClean(backend, recorder, nginx.port("goaway"), nginx.accessLog);
  }

  /** (a) GETs through a GOAWAY every tenth stream. */
  @Test
  void getsSurviveGoaways() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    goaways("nginx-h2-goaway-get", i -> "GET", Clients.defaults(recorder), recorder);
  }

  /** (a) POSTs through a GOAWAY every tenth stream: unprocessed streams are replayed, none twice. */
  @Test
  void postsSurviveGoaways() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    goaways("nginx-h2-goaway-post", i -> "POST", Clients.defaults(recorder), recorder);
  }

  /**
   * (b) The same, GETs and POSTs, with {@code replayOnlyIdempotent}: a stream the server never
   * processed is still replayed, POST or not.
   */
  @Test
  void replayOnlyIdempotentStillReplaysUnprocessedStreams() throws Exception {
    ExchangeRecorder recorder = new ExchangeRecorder();
    DefaultAsyncHttpClientConfig.Builder config = Clients.defaults(recorder).setReplayOnlyIdempotent(true);
    goaways("nginx-h2-goaway-idempotent-only", i -> i % 2 == 0 ? "GET" : "POST", config, recorder);
  }

  /** (f) A slow backend: the deadline fails the request on time and resets its stream (nginx: 499). */
  @Test
  void deadlineResetsTheStream() throws Exception {
    Deadlines.timeoutStopsTheWork(
        "nginx-h2-deadline", url("slow"), "2", nginx.port("slow"), backend, nginx.accessLog);
  }
}
