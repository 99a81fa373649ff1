package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One budget across a retry: the first attempt is cut off by the server after 400 ms with no
 * response (so the request is replayed), the second answers after 400 ms. Each fits a 600 ms
 * budget alone; the pair does not.
 */
class AbsoluteDeadlineRetryTest extends HelloFixture {
  private static final Duration BUDGET = Duration.ofMillis(600);

  private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
  private final AtomicInteger ids = new AtomicInteger();

  @BeforeEach
  void start() throws Exception {
    server.route(
        "/flaky",
        (ctx, req) -> {
          String id = new QueryStringDecoder(req.uri()).parameters().get("id").get(0);
          int attempt = attempts.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
          boolean keepAlive = HttpUtil.isKeepAlive(req);
          ctx.executor()
              .schedule(
                  () -> {
                    if (attempt == 1) {
                      ctx.close(); // no response: the client replays the request
                    } else {
                      TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, "second");
                    }
                  },
                  400,
                  TimeUnit.MILLISECONDS);
        });
    server.route("/warm", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "w"));
    server.route(
        "/slow",
        (ctx, req) -> {
          boolean keepAlive = HttpUtil.isKeepAlive(req);
          ctx.executor()
              .schedule(
                  () -> TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, "single"),
                  400,
                  TimeUnit.MILLISECONDS);
        });
  }

  private DefaultAsyncHttpClient client(boolean absolute) throws Exception {
    DefaultAsyncHttpClient client =
        new DefaultAsyncHttpClient(
            new DefaultAsyncHttpClientConfig.Builder().setTypedTimeoutExceptions(true)
                .setRequestTimeout(BUDGET)
                .setReadTimeout(Duration.ofSeconds(5))
                .setUseAbsoluteRequestDeadline(absolute)
                .setShutdownQuietPeriod(Duration.ZERO)
                .build());
    // Loads the classes of both ends first, so the 200 ms of slack is not spent on a cold JVM.
    client.prepareGet(server.url("/warm")).setRequestTimeout(Duration.ofSeconds(5)).execute()
        .get(5, TimeUnit.SECONDS);
    return client;
  }

  private Response run(DefaultAsyncHttpClient client, String path, @Nullable Boolean perRequest)
      throws Exception {
    BoundRequestBuilder b = client.prepareGet(server.url(path + "?id=" + ids.incrementAndGet()));
    if (perRequest != null) {
      b.setUseAbsoluteRequestDeadline(perRequest);
    }
    return b.execute().get(5, TimeUnit.SECONDS);
  }

  private void assertTimesOut(DefaultAsyncHttpClient client, @Nullable Boolean perRequest) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> run(client, "/flaky", perRequest));
    ExchangeTimeoutException te = assertInstanceOf(ExchangeTimeoutException.class, e.getCause());
    assertEquals(1, te.getHop(), "the timeout hit the replayed attempt");
    assertEquals(600, te.getBudgetMillis());
  }

  @Test
  void byDefaultTheRetryGetsAFreshBudget() throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      Response r = run(client, "/flaky", null);
      assertEquals(200, r.getStatusCode());
      assertEquals("second", r.getResponseBody());
    }
  }

  @Test
  void withTheConfigFlagTheRetryTimesOut() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      assertTimesOut(client, null);
    }
  }

  @Test
  void theRequestCanTurnItOn() throws Exception {
    try (DefaultAsyncHttpClient client = client(false)) {
      assertTimesOut(client, true);
    }
  }

  @Test
  void theRequestCanTurnItOff() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      Response r = run(client, "/flaky", false);
      assertEquals(200, r.getStatusCode());
      assertEquals("second", r.getResponseBody());
    }
  }

  @Test
  void aSingleHopIsNotShortened() throws Exception {
    try (DefaultAsyncHttpClient client = client(true)) {
      Response r = run(client, "/slow", null);
      assertEquals(200, r.getStatusCode());
      assertEquals("single", r.getResponseBody());
    }
  }
}
