package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Responses arriving within a few milliseconds of a 20 ms deadline while the caller cancels some
 * at the same moment: every exchange must end exactly once, and every future must complete.
 */
class OutcomeRaceTest {
  private static final int EXCHANGES = 2000;
  private static final int WAVE = 100;

  private TestServer server;
  private ScheduledExecutorService cancels;

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route(
        "/race",
        (ctx, req) -> {
          long micros =
              Long.parseLong(new QueryStringDecoder(req.uri()).parameters().get("us").get(0));
          boolean keepAlive = io.netty.handler.codec.http.HttpUtil.isKeepAlive(req);
          ctx.executor()
              .schedule(
                  () -> TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, "ok"),
                  micros,
                  TimeUnit.MICROSECONDS);
        });
    cancels = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterEach
  void stop() {
    cancels.shutdownNow();
    server.close();
  }

  /** Opens a wave's worth of keep-alive connections, so the race runs on pooled channels. */
  private void warmPool(DefaultAsyncHttpClient client) throws Exception {
    List<ListenableFuture<Response>> warm = new ArrayList<>();
    for (int i = 0; i < WAVE; i++) {
      warm.add(
          client
              .prepareGet(server.url("/race?us=50000"))
              .setRequestTimeout(Duration.ofSeconds(10))
              .execute());
    }
    for (ListenableFuture<Response> f : warm) {
      f.get(20, TimeUnit.SECONDS);
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void everyExchangeEndsExactlyOnce(boolean eventLoop) throws Exception {
    DefaultAsyncHttpClientConfig.Builder b =
        new DefaultAsyncHttpClientConfig.Builder()
            .setUseEventLoopTimeouts(eventLoop)
            .setHashedWheelTickDuration(1L)
            .setShutdownQuietPeriod(Duration.ZERO)
            .setRequestTimeout(Duration.ofMillis(20));
    int responses = 0;
    int timeouts = 0;
    int cancelled = 0;
    try (DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(b.build())) {
      for (int start = 0; start < EXCHANGES; start += WAVE) {
        warmPool(client);
        List<RecordingHandler> handlers = new ArrayList<>();
        List<ListenableFuture<Response>> futures = new ArrayList<>();
        for (int i = 0; i < WAVE; i++) {
          // Most answers land near the 20 ms deadline; every eighth is immediate and every
          // eighth very late, so both outcomes occur even on a loaded 2-core machine.
          long us =
              i % 8 == 1 ? 0 : i % 8 == 2 ? 200_000 : 15_000 + ThreadLocalRandom.current().nextLong(10_000);
          RecordingHandler h = new RecordingHandler();
          ListenableFuture<Response> f =
              client.prepareGet(server.url("/race?us=" + us)).execute(h);
          handlers.add(h);
          futures.add(f);
          if (i % 4 == 0) {
            cancels.schedule(
                () -> f.cancel(true),
                19_000 + ThreadLocalRandom.current().nextLong(2_000),
                TimeUnit.MICROSECONDS);
          }
        }
        for (int i = 0; i < WAVE; i++) {
          ListenableFuture<Response> f = futures.get(i);
          try {
            f.get(10, TimeUnit.SECONDS);
            responses++;
          } catch (CancellationException e) {
            cancelled++;
          } catch (ExecutionException e) {
            assertTrue(e.getCause() instanceof TimeoutException, "unexpected failure: " + e.getCause());
            timeouts++;
          }
          assertTrue(f.isDone());
        }
        // a loser's late callback would show up after the winner's: give stragglers a moment
        cancels.schedule(() -> {}, 30, TimeUnit.MILLISECONDS).get();
        for (RecordingHandler h : handlers) {
          assertEquals(1, h.terminals(), "terminal callbacks of one exchange");
        }
      }
    }
    assertEquals(EXCHANGES, responses + timeouts + cancelled);
    assertTrue(responses > 0, "some responses won: " + responses);
    assertTrue(timeouts > 0, "some timeouts won: " + timeouts);
    assertTrue(cancelled > 0, "some cancels won: " + cancelled);
  }
}
