package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.TimeoutStats;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Responses arriving within a few milliseconds of a 20 ms deadline while the caller cancels some
 * at the same moment. Each exchange's outcome is read from its future and then checked against
 * what others saw on their own: its handler heard exactly one terminal callback, of the same kind
 * (and the same exception); a response was written by the server for that very exchange; a
 * cancel outcome belongs to an exchange whose {@code cancel} call returned true, and every such
 * call produced one; the client's timeout counter agrees with the timeouts the futures report.
 */
class OutcomeRaceTest extends HelloFixture {
  private static final int EXCHANGES = 2000;
  private static final int WAVE = 100;
  private static final long BUDGET_MS = 20;

  private enum Outcome {
    RESPONSE,
    TIMEOUT,
    CANCELLED
  }

  /** One exchange: what the test did to it and what it saw. */
  private static final class Race {
    final int id;
    final RecordingHandler handler = new RecordingHandler();
    @Nullable ListenableFuture<Response> future;
    /** The caller's cancel, if this exchange got one; its value is what {@code cancel} returned. */
    @Nullable ScheduledFuture<Boolean> cancel;
    @Nullable Outcome outcome;
    @Nullable Throwable failure;

    Race(int id) {
      this.id = id;
    }
  }

  private ScheduledExecutorService cancels;
  /** Ids of the exchanges the server wrote a response for. */
  private final Set<Integer> answered = ConcurrentHashMap.newKeySet();

  @BeforeEach
  void start() throws Exception {
    server.route(
        "/race",
        (ctx, req) -> {
          QueryStringDecoder query = new QueryStringDecoder(req.uri());
          long micros = Long.parseLong(query.parameters().get("us").get(0));
          int id = Integer.parseInt(query.parameters().get("id").get(0));
          boolean keepAlive = HttpUtil.isKeepAlive(req);
          ctx.executor()
              .schedule(
                  () -> {
                    answered.add(id);
                    TestServer.respond(ctx, keepAlive, HttpResponseStatus.OK, "ok");
                  },
                  micros,
                  TimeUnit.MICROSECONDS);
        });
    cancels = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterEach
  void stop() {
    cancels.shutdownNow();
  }

  /** Opens a wave's worth of keep-alive connections, so the race runs on pooled channels. */
  private void warmPool(DefaultAsyncHttpClient client) throws Exception {
    List<ListenableFuture<Response>> warm = new ArrayList<>();
    for (int i = 0; i < WAVE; i++) {
      warm.add(
          client
              .prepareGet(server.url("/race?us=50000&id=-1"))
              .setRequestTimeout(Duration.ofSeconds(10))
              .execute());
    }
    for (ListenableFuture<Response> f : warm) {
      assertEquals(200, f.get(20, TimeUnit.SECONDS).getStatusCode());
    }
  }

  /** Reads the outcome from the future alone. */
  private static void readOutcome(Race race) throws Exception {
    ListenableFuture<Response> f = race.future;
    assertNotNull(f);
    try {
      Response r = f.get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode(), "#" + race.id);
      assertEquals("ok", r.getResponseBody(StandardCharsets.UTF_8), "#" + race.id);
      race.outcome = Outcome.RESPONSE;
    } catch (CancellationException e) {
      race.outcome = Outcome.CANCELLED;
    } catch (ExecutionException e) {
      ExchangeTimeoutException te =
          assertInstanceOf(ExchangeTimeoutException.class, e.getCause(), "#" + race.id);
      assertEquals(ExchangeTimeoutException.Kind.REQUEST, te.getKind(), "#" + race.id);
      assertEquals(BUDGET_MS, te.getBudgetMillis(), "#" + race.id);
      assertEquals(0, te.getHop(), "#" + race.id);
      assertTrue(te.getElapsedMillis() >= BUDGET_MS, "#" + race.id + " expired early: " + te.getMessage());
      race.outcome = Outcome.TIMEOUT;
      race.failure = te;
    }
    assertTrue(f.isDone());
  }

  /** Checks the future's outcome against the handler, the server and the caller's cancel. */
  private void checkAgainstTheOthers(Race race) throws Exception {
    String who = "#" + race.id + " (" + race.outcome + ", events " + race.handler.events() + ")";
    RecordingHandler h = race.handler;
    assertEquals(1, h.terminals(), who + ": terminal callbacks");
    Boolean cancelWon = race.cancel == null ? null : race.cancel.get();
    switch (race.outcome) {
      case RESPONSE:
        assertNull(h.failure(), who);
        assertEquals(200, h.status(), who);
        assertEquals("ok", new String(h.bodyBytes(), StandardCharsets.UTF_8), who);
        assertTrue(answered.contains(race.id), who + ": the server never answered it");
        assertFalse(Boolean.TRUE.equals(cancelWon), who + ": its cancel() said it won");
        break;
      case TIMEOUT:
        assertSame(race.failure, h.failure(), who + ": the handler heard another failure");
        assertFalse(Boolean.TRUE.equals(cancelWon), who + ": its cancel() said it won");
        break;
      case CANCELLED:
        assertInstanceOf(CancellationException.class, h.failure(), who);
        assertEquals(Boolean.TRUE, cancelWon, who + ": cancelled, but not by a cancel() that won");
        break;
      default:
        throw new AssertionError(who);
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void everyExchangeEndsExactlyOnce(boolean eventLoop) throws Exception {
    List<Race> races = new ArrayList<>();
    TimeoutStats stats;
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(
            ClientFixture.config().setTypedTimeoutExceptions(true)
                .setUseEventLoopTimeouts(eventLoop)
                .setHashedWheelTickDuration(1L)
                .setRequestTimeout(Duration.ofMillis(BUDGET_MS)))) {
      for (int start = 0; start < EXCHANGES; start += WAVE) {
        warmPool(client);
        List<Race> wave = new ArrayList<>();
        for (int i = 0; i < WAVE; i++) {
          // Most answers land near the 20 ms deadline; every eighth is immediate and every
          // eighth very late, so both outcomes occur even on a loaded 2-core machine.
          long us =
              i % 8 == 1 ? 0 : i % 8 == 2 ? 200_000 : 15_000 + ThreadLocalRandom.current().nextLong(10_000);
          Race race = new Race(start + i);
          ListenableFuture<Response> f =
              client.prepareGet(server.url("/race?us=" + us + "&id=" + race.id)).execute(race.handler);
          race.future = f;
          if (i % 4 == 0) {
            race.cancel =
                cancels.schedule(
                    () -> f.cancel(true),
                    19_000 + ThreadLocalRandom.current().nextLong(2_000),
                    TimeUnit.MICROSECONDS);
          }
          wave.add(race);
        }
        for (Race race : wave) {
          readOutcome(race);
        }
        races.addAll(wave);
      }
      stats = client.getClientStats().getTimeoutStats();
    }
    // The client is closed: its loops and timer have stopped, so any late callback of a loser
    // would have come by now.
    int responses = 0;
    int timeouts = 0;
    int cancelled = 0;
    int cancelsThatWon = 0;
    for (Race race : races) {
      checkAgainstTheOthers(race);
      responses += race.outcome == Outcome.RESPONSE ? 1 : 0;
      timeouts += race.outcome == Outcome.TIMEOUT ? 1 : 0;
      cancelled += race.outcome == Outcome.CANCELLED ? 1 : 0;
      cancelsThatWon += race.cancel != null && race.cancel.get() ? 1 : 0;
    }
    assertEquals(EXCHANGES, responses + timeouts + cancelled);
    assertEquals(cancelsThatWon, cancelled, "cancel() calls that returned true");
    assertEquals(timeouts, stats.getRequestTimeouts(), "request timeouts the client counted: " + stats);
    assertEquals(0, stats.getReadTimeouts(), "read timeouts the client counted: " + stats);
    assertTrue(responses > 0, "some responses won: " + responses);
    assertTrue(timeouts > 0, "some timeouts won: " + timeouts);
    assertTrue(cancelled > 0, "some cancels won: " + cancelled);
  }
}
