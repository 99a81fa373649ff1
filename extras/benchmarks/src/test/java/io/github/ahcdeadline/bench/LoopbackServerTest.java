package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The routes the benchmarks rely on, driven by the JDK client over 127.0.0.1. */
class LoopbackServerTest {
  private static LoopbackServer server;
  private static HttpClient client;

  @BeforeAll
  static void start() throws InterruptedException {
    server = LoopbackServer.start(1);
    client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static HttpResponse<byte[]> get(String path) throws Exception {
    return client.send(
        HttpRequest.newBuilder(URI.create(server.url(path))).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  @Test
  void smallAnswersHundredBytes() throws Exception {
    HttpResponse<byte[]> response = get("/small");
    assertEquals(200, response.statusCode());
    assertEquals(LoopbackServer.SMALL_BODY_LENGTH, response.body().length);
    assertEquals("100", response.headers().firstValue("content-length").orElse(""));
  }

  @Test
  void redirectCountsDownAfterTheDelay() throws Exception {
    long start = System.nanoTime();
    HttpResponse<byte[]> response = get("/redirect?n=2&delay=50");
    long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(302, response.statusCode());
    assertEquals(
        "/redirect?n=1&delay=50", response.headers().firstValue("location").orElse(""));
    assertTrue(elapsedMillis >= 50, "answered after " + elapsedMillis + " ms, before the delay");
  }

  @Test
  void redirectEndsWithOk() throws Exception {
    assertEquals(200, get("/redirect?n=0&delay=50").statusCode());
  }

  @Test
  void neverAnswers() {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.url("/never")))
            .timeout(Duration.ofMillis(200))
            .build();
    assertThrows(
        HttpTimeoutException.class,
        () -> client.send(request, HttpResponse.BodyHandlers.discarding()));
  }

  @Test
  void unknownPathIsNotFound() throws Exception {
    assertEquals(404, get("/nope").statusCode());
  }

  @Test
  void usageCountsAnsweredRequestsAndServerCpu() throws Exception {
    LoopbackServer.Usage before = server.usage();
    for (int i = 0; i < 20; i++) {
      assertEquals(200, get("/small").statusCode());
    }
    LoopbackServer.Usage after = server.usage();
    assertEquals(20, after.requests - before.requests);
    double perRequest = after.cpuMicrosPerRequestSince(before);
    // The server thread did parse and answer 20 requests: some CPU, and not absurdly much.
    assertTrue(perRequest > 0 && perRequest < 1_000_000, "server us/req: " + perRequest);
    assertTrue(Double.isNaN(after.cpuMicrosPerRequestSince(after)), "no request between: NaN");
  }
}
