package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/** The remaining budget travels to the server in the configured header, hop by hop. */
class DeadlinePropagationTest {
  private static final String HEADER = "X-Request-Budget-Ms";

  private static DefaultAsyncHttpClientConfig.Builder config() {
    return ClientFixture.config()
        .setFollowRedirect(true)
        .setRequestTimeout(Duration.ofSeconds(5))
        .setDeadlinePropagationHeader(HEADER);
  }

  private static TestServer server() throws InterruptedException {
    return new TestServer()
        .route(
            "/slow-redirect",
            (ctx, req) ->
                TestServer.later(
                    ctx,
                    300,
                    () -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/final")))
        .route("/final", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
  }

  @Test
  void eachHopCarriesWhatIsLeftInWholeMillisecondsDecreasing() throws Exception {
    try (TestServer server = server();
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(config().setUseAbsoluteRequestDeadline(true).build())) {
      Response r =
          client
              .prepareGet(server.url("/slow-redirect"))
              .addHeader(HEADER, "999999")
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      long first = Long.parseLong(server.received().get(0).headers.get(HEADER));
      long second = Long.parseLong(server.received().get(1).headers.get(HEADER));
      assertTrue(first <= 5000 && first >= 3000, "first hop: " + first + " ms of 5000 left");
      assertTrue(
          second <= first - 300 && second >= first - 2700,
          "second hop " + second + " ms after a 300 ms first hop that had " + first);
      assertEquals(1, server.received().get(0).headers.getAll(HEADER).size(), "one value, replaced");
    }
  }

  @Test
  void withoutAnAbsoluteDeadlineNoHeaderIsSent() throws Exception {
    try (TestServer server = server();
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config().build())) {
      assertEquals(
          200, client.prepareGet(server.url("/final")).execute().get(10, TimeUnit.SECONDS).getStatusCode());
      assertNull(server.received().get(0).headers.get(HEADER));
    }
  }

  @Test
  void theRequestCanTurnTheDeadlineOnForItself() throws Exception {
    try (TestServer server = server();
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config().build())) {
      client
          .prepareGet(server.url("/final"))
          .setUseAbsoluteRequestDeadline(true)
          .setRequestTimeout(Duration.ofMillis(5000))
          .execute()
          .get(10, TimeUnit.SECONDS);
      long value = Long.parseLong(server.received().get(0).headers.get(HEADER));
      assertTrue(value <= 5000 && value >= 2500, "sent " + value + " ms of 5000");
    }
  }

  @Test
  void aHeaderNameThatIsNotATokenIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new DefaultAsyncHttpClientConfig.Builder().setDeadlinePropagationHeader("x budget"));
    assertTrue(e.getMessage().contains("deadlinePropagationHeader"), e.getMessage());
  }
}
