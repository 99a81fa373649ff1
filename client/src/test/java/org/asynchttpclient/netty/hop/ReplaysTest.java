package org.asynchttpclient.netty.hop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.stream.Stream;
import org.asynchttpclient.netty.hop.HopFailure.Stage;
import org.asynchttpclient.netty.hop.HopFailure.Unprocessed;
import org.asynchttpclient.netty.hop.Replays.Action;
import org.asynchttpclient.netty.hop.Replays.Reason;
import org.asynchttpclient.netty.hop.Replays.Situation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The replay decision, row by row: a situation (what is known of a failed hop) and what follows.
 * The engine test that reaches each row in a real exchange is named beside it.
 */
class ReplaysTest {

  /** An HTTP/1.1 GET whose request was sent, with AsyncHttpClient's defaults. */
  private static Situation h1Get() {
    return new Situation().stage(Stage.SENT).method("GET", false);
  }

  private static Situation h1Post() {
    return new Situation().stage(Stage.SENT).method("POST", false);
  }

  private static Situation h2Post() {
    return h1Post().http2(true);
  }

  private static Arguments row(
      String name, Situation s, boolean askFilters, Action action, Reason reason) {
    return Arguments.of(name, s, askFilters, action, reason);
  }

  static Stream<Arguments> rows() {
    return Stream.of(
        // Engine: a timeout that won the hop (TimeoutRaceTest); the failure that follows does nothing.
        row("hop over", h1Get().over(true), false, Action.NOTHING, Reason.OVER),
        // Engine: ShutdownTest (requests in flight when the client closes).
        row("client closing", h1Get().clientClosed(true), false, Action.FAIL, Reason.CLIENT_CLOSED),
        // Engine: a handler exception is never replayed (ConnectionFailureTest, the refused retry).
        row("not an I/O failure", h1Get().ioFailure(false), false, Action.FAIL, Reason.NOT_IO),
        // Engine: Http2GoAwayChurnTest, Http2ReplayTest#streamsAboveTheServersGoAway...
        row("HTTP/2 stream above the GOAWAY", h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.ABOVE_GOAWAY),
            false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED),
        row("HTTP/2 stream refused", h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.REFUSED_STREAM),
            false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED),
        // Engine: Http2ReplayTest#requestsWaitingForAStreamSlotAreSentOnANewConnection...
        row("never sent, even with maxRequestRetry 0 and filters",
            h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.NEVER_SENT).maxRequestRetry(0)
                .filtersConfigured(true),
            false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED),
        row("never sent, POST with replayOnlyIdempotent",
            h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.NEVER_SENT).replayOnlyIdempotent(true),
            false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED),
        // Engine: ReplayDecisionTest#aServerThatAlwaysRefusesEndsTheExchangeAfterTheLimit
        row("never sent, replays spent",
            h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.REFUSED_STREAM)
                .replaysSoFar(0, Replays.MAX_UNPROCESSED_REPLAYS),
            false, Action.FAIL, Reason.UNPROCESSED_REPLAYS_SPENT),
        row("never sent, body cannot be produced again",
            h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.NEVER_SENT).bodyReplayable(false),
            false, Action.FAIL, Reason.BODY_NOT_REPLAYABLE),
        // Engine: ReplayDecisionTest#aRefusedConnectionIsRetriedMaxRequestRetryTimes
        row("connection refused", h1Post().stage(Stage.CONNECT).connectRefused(true).replayOnlyIdempotent(true),
            false, Action.RETRY, Reason.CONNECT_RETRY),
        row("connection refused, retries spent",
            h1Post().stage(Stage.CONNECT).connectRefused(true).replaysSoFar(5, 0),
            false, Action.FAIL, Reason.RETRIES_SPENT),
        // Engine: ReplayDecisionTest#aConnectTimeoutIsNotRetried
        row("connect timeout, filters not asked", h1Get().stage(Stage.CONNECT).filtersConfigured(true),
            false, Action.FAIL, Reason.CONNECT_NOT_RETRIED),
        // Engine: Http2ReplayTest#streamsTheServerReceivedAreNotReplayedWhenItClosesTheConnection
        row("HTTP/2 stream the server may have processed", h2Post().filtersConfigured(true),
            true, Action.FAIL, Reason.STREAM_MAY_HAVE_BEEN_PROCESSED),
        row("HTTP/2 GET the server may have processed", h1Get().http2(true),
            false, Action.FAIL, Reason.STREAM_MAY_HAVE_BEEN_PROCESSED),
        // Engine: ConnectionFailureTest#closeWithoutAnyResponseIsRetriedThenFailsWithRemotelyClosedException
        row("HTTP/1.1 POST sent, no response: 3.0.11 retries it", h1Post(), false, Action.RETRY, Reason.RETRY),
        row("HTTP/1.1 retries spent", h1Post().replaysSoFar(5, 0), false, Action.FAIL, Reason.RETRIES_SPENT),
        // Engine: ReplayDecisionTest#theRetryBudgetStopsRetriesAndSaysSo
        row("HTTP/1.1 retry, the client's retry budget spent", h1Post().retryBudgetLeft(false),
            false, Action.FAIL, Reason.RETRY_BUDGET_SPENT),
        row("refused connect, the retry budget spent: retried anyway (not processed)",
            h1Post().stage(Stage.CONNECT).connectRefused(true).retryBudgetLeft(false),
            false, Action.RETRY, Reason.CONNECT_RETRY),
        row("unprocessed HTTP/2 stream, the retry budget spent: replayed anyway",
            h2Post().stage(Stage.NOT_SENT).unprocessed(Unprocessed.REFUSED_STREAM).retryBudgetLeft(false),
            false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED),
        row("HTTP/1.1 with filters: they are asked first", h1Post().filtersConfigured(true),
            true, Action.RETRY, Reason.RETRY),
        // Engine: ReplayDecisionTest#withReplayOnlyIdempotentAPostTheServerMayHaveProcessedFails
        row("replayOnlyIdempotent: POST sent", h1Post().replayOnlyIdempotent(true),
            false, Action.FAIL, Reason.NOT_IDEMPOTENT),
        // Engine: ReplayDecisionTest#withReplayOnlyIdempotentAPostWithAnIdempotencyKeyIsReplayed
        row("replayOnlyIdempotent: POST with Idempotency-Key",
            new Situation().stage(Stage.SENT).method("POST", true).replayOnlyIdempotent(true),
            false, Action.RETRY, Reason.RETRY),
        row("replayOnlyIdempotent: GET", h1Get().replayOnlyIdempotent(true), false, Action.RETRY, Reason.RETRY),
        row("replayOnlyIdempotent: QUERY",
            new Situation().stage(Stage.SENT).method("QUERY", false).replayOnlyIdempotent(true),
            false, Action.RETRY, Reason.RETRY),
        // Engine: ConnectionFailureTest#idempotentRequestCutAfterItsHeadersIsReplayedOnAFreshConnection
        row("GET cut after its response head", h1Get().stage(Stage.RESPONSE_STARTED).strictMidResponseRetry(true),
            false, Action.RETRY, Reason.RETRY),
        // Engine: ConnectionFailureTest#postCutAfterItsHeadersIsReplayedByDefault
        row("POST cut after its response head, by default", h1Post().stage(Stage.RESPONSE_STARTED),
            false, Action.RETRY, Reason.RETRY),
        // Engine: ConnectionFailureTest#postCutAfterItsHeadersIsNotReplayedWhenStrictAndFailsRemotelyClosed
        row("POST cut after its response head, strict",
            h1Post().stage(Stage.RESPONSE_STARTED).strictMidResponseRetry(true),
            false, Action.FAIL, Reason.RESPONSE_DELIVERED),
        // Engine: ConnectionFailureTest#requestCutAfterABodyPartReachedTheHandlerIsReplayedByDefault
        row("GET cut after a body part, by default", h1Get().stage(Stage.BODY_DELIVERED),
            false, Action.RETRY, Reason.RETRY),
        // Engine: ConnectionFailureTest#requestCutAfterABodyPartReachedTheHandlerIsNotReplayedWhenStrict
        row("GET cut after a body part, strict, filters asked",
            h1Get().stage(Stage.BODY_DELIVERED).strictMidResponseRetry(true).filtersConfigured(true),
            true, Action.FAIL, Reason.RESPONSE_DELIVERED),
        // Engine: a body over the inflation limit (DecompressionBombTest): the client's own failure.
        row("the client's own failure after the response started",
            h1Post().stage(Stage.BODY_DELIVERED).connectionLost(false),
            false, Action.FAIL, Reason.RESPONSE_DELIVERED),
        row("body cannot be produced again", h1Post().bodyReplayable(false).filtersConfigured(true),
            true, Action.FAIL, Reason.BODY_NOT_REPLAYABLE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void decides(String name, Situation s, boolean askFilters, Action action, Reason reason) {
    Replays.Decision d = Replays.decide(s);
    assertEquals(action, d.action(), s + " -> " + d);
    assertEquals(reason, d.reason(), s + " -> " + d);
    assertEquals(askFilters, d.askFilters(), s + " -> " + d);
  }

  @Test
  void idempotentMethodsAreThoseOfRfc9110AndQuery() {
    for (String m : new String[] {"GET", "head", "OPTIONS", "TRACE", "PUT", "DELETE", "QUERY"}) {
      assertTrue(Replays.isIdempotent(m), m);
    }
    for (String m : new String[] {"POST", "PATCH", "CONNECT", "PROPFIND"}) {
      assertFalse(Replays.isIdempotent(m), m);
    }
  }

  @Test
  void aLostConnectionIsTheTransportFailing() {
    assertTrue(Replays.isConnectionLoss(new SocketException("Connection reset")));
    assertTrue(Replays.isConnectionLoss(new ClosedChannelException()));
    assertFalse(Replays.isConnectionLoss(new IOException("Invalid response")));
  }

  /** Each reason says why in words, for the caller's exception. */
  @Test
  void everyReasonHasItsText() {
    for (Reason r : Reason.values()) {
      assertFalse(r.text().isEmpty(), r.name());
    }
  }
}
