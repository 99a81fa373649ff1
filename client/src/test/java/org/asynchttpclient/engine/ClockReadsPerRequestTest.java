package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The clock is read a handful of times per request, and each read counts on a virtual machine
 * (tens of nanoseconds through the hypervisor's clock): a pooled GET with the default timeouts
 * reads it when it is submitted (the first hop's start is that reading), when its request timeout
 * is armed, when its read timeout's arming is decided, at each message read of its response, and
 * when its connection goes back to the pool. The budget check before the write (no exchange budget
 * by default) takes none. Finer elisions (a read per batch rather than per message, the pool's
 * idle stamp taken from the last read) were measured and bought under 3% (docs/benchmarks.md,
 * "Ablation"), so they are not made; this test keeps the count from growing.
 */
class ClockReadsPerRequestTest {
  private static final int REQUESTS = 20;

  private final ManualTimer timer = new ManualTimer();
  private DefaultAsyncHttpClient client;
  private TestServer server;

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, server);
  }

  @Test
  void aPooledGetWithTheDefaultTimeoutsReadsTheClockAHandfulOfTimes() throws Exception {
    server =
        new TestServer()
            .route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
    client = ClientFixture.client(ClientFixture.config().setNettyTimer(timer));
    String url = server.url("/hello");
    assertEquals(200, client.prepareGet(url).execute().get(5, TimeUnit.SECONDS).getStatusCode());
    awaitPooled();

    long before = timer.reads();
    for (int i = 0; i < REQUESTS; i++) {
      Response r = client.prepareGet(url).execute().get(5, TimeUnit.SECONDS);
      assertEquals("hi", r.getResponseBody());
      awaitPooled();
    }
    long reads = timer.reads() - before;

    assertEquals(1, server.acceptedCount(), "every request after the first on the pooled connection");
    // 4, plus one per message of the response (its head and its body: 2 here)
    assertTrue(
        reads >= 5L * REQUESTS && reads <= 6L * REQUESTS + REQUESTS / 2,
        reads + " clock reads for " + REQUESTS + " pooled requests (expected about 6 each)");
  }

  /** The connection is back in the pool only once its loop has offered it, after the future. */
  private void awaitPooled() {
    Await.until(
        () -> client.getClientStats().getTotalIdleConnectionCount() == 1,
        Duration.ofSeconds(5),
        () -> "one idle connection, have " + client.getClientStats().getTotalIdleConnectionCount());
  }
}
