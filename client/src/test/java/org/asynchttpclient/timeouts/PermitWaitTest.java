package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request that finds no free connection permit waits for one without holding the caller:
 * {@code execute} returns at once, and the wait is inside the request timeout, which ends it.
 * (AsyncHttpClient 3.0.14 blocks the caller of {@code execute} for up to
 * {@code acquireFreeChannelTimeout}, outside the request timeout.)
 */
class PermitWaitTest {

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void executeReturnsAtOnceAndTheRequestTimeoutEndsTheWaitForAPermit(boolean eventLoop)
      throws Exception {
    try (TestServer server = new TestServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.config()
                    .setTypedTimeoutExceptions(true)
                    .setUseEventLoopTimeouts(eventLoop)
                    .setMaxConnectionsPerHost(1)
                    .setAcquireFreeChannelTimeout(60_000)
                    .build())) {
      CompletableFuture<Response> holder =
          client.prepareGet(server.url("/never")).execute().toCompletableFuture();
      server.awaitReceived(1);

      long start = System.nanoTime();
      ListenableFuture<Response> waiting =
          client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(300)).execute();
      long executeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(executeMs < 1_000, "execute held its caller " + executeMs + " ms");

      ExecutionException e =
          assertThrows(ExecutionException.class, () -> waiting.get(10, TimeUnit.SECONDS));
      long endedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      RequestTimeoutException t = assertInstanceOf(RequestTimeoutException.class, e.getCause());
      assertEquals(Phase.WAITING_FOR_CONNECTION, t.getPhase(), t.getMessage());
      assertTrue(endedMs >= 290 && endedMs < 5_000, "ended after " + endedMs + " ms");
      assertEquals(1, server.received().size(), "the waiting request never reached the server");
      holder.cancel(true);
    }
  }
}
