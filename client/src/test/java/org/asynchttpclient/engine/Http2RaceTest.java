package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Responses, request timeouts and cancels racing on the streams of one connection, in both
 * timeout modes: every stream ends exactly once (one terminal callback, the future done with the
 * matching outcome), the connection survives every reset, and nothing leaks.
 */
class Http2RaceTest {
  private static final int STREAMS = 300;

  /** Counts terminal callbacks. */
  private static final class Counting extends AsyncCompletionHandlerBase {
    final AtomicInteger terminals = new AtomicInteger();

    @Override
    public Response onCompleted(Response response) throws Exception {
      terminals.incrementAndGet();
      return super.onCompleted(response);
    }

    @Override
    public void onThrowable(Throwable t) {
      terminals.incrementAndGet();
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void everyStreamEndsExactlyOnce(boolean eventLoopTimeouts) throws Exception {
    Random random = new Random(eventLoopTimeouts ? 7 : 11);
    try (H2TestServer server = new H2TestServer()) {
      // Answers after 0..19 ms: about the request timeout, so answers and expiries race.
      server.route(
          "/race",
          (ctx, req) -> {
            long delay = Long.parseLong(req.headers.get("x-delay"));
            TestServer.later(ctx, delay, () -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "ok"));
          });
      try (DefaultAsyncHttpClient client =
          ClientFixture.client(
              Http2NegotiationTest.tlsConfig()
                  // One connection: the test counts it. With the server's limit of streams reached
                  // (300 in flight) a further one would open, and a further opener cancelled
                  // mid-dial still reaches the server: maxConnectionsPerHost 1 keeps it to one.
                  .setHttp2MaxConnectionsPerPartition(1)
                  .setMaxConnectionsPerHost(1)
                  .setUseEventLoopTimeouts(eventLoopTimeouts)
                  .setMaxRequestRetry(0))) {
        client.prepareGet(server.url("/race")).addHeader("x-delay", "0").execute().get(10, TimeUnit.SECONDS);
        List<ListenableFuture<Response>> futures = new ArrayList<>();
        List<Counting> handlers = new ArrayList<>();
        boolean[] cancelWon = new boolean[STREAMS];
        int cancelsWon = 0;
        for (int i = 0; i < STREAMS; i++) {
          Counting h = new Counting();
          ListenableFuture<Response> f =
              client
                  .prepareGet(server.url("/race"))
                  .addHeader("x-delay", Integer.toString(random.nextInt(20)))
                  .setRequestTimeout(Duration.ofMillis(10))
                  .execute(h);
          futures.add(f);
          handlers.add(h);
          if (i % 3 == 0) {
            // Right away, while the stream opens or the request is in flight; on a loaded
            // machine a 10 ms timeout may still get there first, and then cancel says so.
            cancelWon[i] = f.cancel(true);
            cancelsWon += cancelWon[i] ? 1 : 0;
          }
        }
        int completed = 0;
        int timedOut = 0;
        int cancelled = 0;
        for (int i = 0; i < STREAMS; i++) {
          try {
            futures.get(i).get(10, TimeUnit.SECONDS);
            completed++;
            assertTrue(!cancelWon[i], "stream " + i + " completed after its cancel won");
          } catch (CancellationException e) {
            assertTrue(cancelWon[i], "stream " + i + " cancelled, yet its cancel() said it lost");
            cancelled++;
          } catch (ExecutionException e) {
            assertTrue(!cancelWon[i], "stream " + i + " failed after its cancel won");
            assertTrue(e.getCause() instanceof TimeoutException, "stream " + i + " failed with " + e.getCause());
            timedOut++;
          }
        }
        for (int i = 0; i < STREAMS; i++) {
          int n = i;
          assertTrue(
              server.await(() -> handlers.get(n).terminals.get() >= 1, Duration.ofSeconds(5)),
              "stream " + i + " never heard its outcome");
          assertEquals(1, handlers.get(i).terminals.get(), "terminal callbacks of stream " + i);
        }
        assertEquals(STREAMS, completed + timedOut + cancelled);
        assertEquals(cancelsWon, cancelled, "outcomes decided by a cancel");
        assertTrue(cancelsWon >= 50, "cancels that won: " + cancelsWon + " of 100");
        assertEquals(
            "ok", client.prepareGet(server.url("/race")).addHeader("x-delay", "0").execute().get(10, TimeUnit.SECONDS).getResponseBody());
        assertEquals(1, server.connections().size(), "no reset took the connection down");
      }
    }
  }
}
