package org.asynchttpclient.netty.hop;

import java.util.Locale;
import java.util.Set;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.hop.HopFailure.Stage;
import org.asynchttpclient.netty.hop.HopFailure.Unprocessed;
import org.jetbrains.annotations.Nullable;

/**
 * The one decision of whether a failed hop's request is sent again. Every room that sees a hop
 * fail (the response reader, the writer, the HTTP/2 streams and waiters, the connector) reports a
 * {@link HopFailure}; the driver turns it into a {@link Situation} and asks here. Pure: the same
 * situation always gives the same decision, and nothing is done here.
 *
 * <p>The rules, in order:
 *
 * <ol>
 *   <li>A hop that is over (its exchange ended, a timeout of its own won) or a client that is
 *       closing: no replay.
 *   <li>Only I/O failures are replayed (a handler's exception, a refused request: never).
 *   <li>A request the server provably did not process ({@link Unprocessed}: nothing of it was
 *       sent, an HTTP/2 stream refused with REFUSED_STREAM or above the last stream id of the
 *       server's GOAWAY) is sent again whatever its method and whatever {@code maxRequestRetry}
 *       (0 included): the exchange's budget bounds it (a replay is a new hop, never sent once the
 *       deadline is spent), and so does {@value #MAX_UNPROCESSED_REPLAYS} such replays per exchange,
 *       against a server that keeps refusing without any request timeout to stop it. Its body must
 *       be replayable. Under load a server closing connections every few streams can turn a
 *       request away several times in a row, which {@code maxRequestRetry} (5 by default, and
 *       often set lower) must not cut short.
 *   <li>Otherwise AsyncHttpClient's rules, unchanged by default: the {@code IOExceptionFilter}s are
 *       asked first, once the hop was connected (a request one of them returns is sent, if its body
 *       is replayable); then
 *       <ul>
 *         <li>a connection refused or unreachable is retried up to {@code maxRequestRetry} times,
 *             as 3.0.14 does; a connect timeout, a TLS or proxy failure is not;
 *         <li>an HTTP/2 stream the server may have seen is not sent again (3.0.11 to 3.0.14 fail
 *             it at once): with other streams of its connection, it may well have been processed;
 *         <li>an HTTP/1.1 request is retried, up to {@code maxRequestRetry} times, if no response
 *             byte arrived; after the response started, if its method is idempotent and no body
 *             part reached the handler; otherwise, unless {@code strictMidResponseRetry}, if the
 *             connection was lost (3.0.11 recovers from a lost connection whatever the handler
 *             got; never from a failure of the client's own making);
 *         <li>with {@code replayOnlyIdempotent}, none of these retries is made for a request that
 *             is not idempotent (RFC 9110 9.2.2: GET, HEAD, OPTIONS, TRACE, PUT, DELETE, QUERY)
 *             and carries no {@code Idempotency-Key};
 *         <li>with {@code retryBudgetPercent}, a retry of a request the server may have processed
 *             is made only while the client's retry budget allows it (G4); a refused connect is
 *             retried whatever the budget.
 *       </ul>
 * </ol>
 *
 * <p>Threads: any; stateless.
 */
public final class Replays {
  private Replays() {}

  /** Replays of requests the server provably did not process, at most, per exchange. */
  public static final int MAX_UNPROCESSED_REPLAYS = 16;

  /** What the driver does next. */
  public enum Action {
    /** Nothing: the hop is over, someone else decided the exchange's outcome. */
    NOTHING,
    /** Sends the request again, the server having provably not processed it. */
    REPLAY_UNPROCESSED,
    /** Sends the request again under AsyncHttpClient's retry rules. */
    RETRY,
    /** Fails the exchange. */
    FAIL
  }

  /** Why the decision is what it is; the caller's exception says it when the exchange fails. */
  public enum Reason {
    OVER("the exchange had ended"),
    CLIENT_CLOSED("the client is closing"),
    NOT_IO("not an I/O failure"),
    BODY_NOT_REPLAYABLE("its body cannot be produced again"),
    UNPROCESSED("the server did not process it"),
    UNPROCESSED_REPLAYS_SPENT(
        "the server refused it " + MAX_UNPROCESSED_REPLAYS + " times (the limit of such replays)"),
    CONNECT_RETRY("the connection was refused"),
    CONNECT_NOT_RETRIED("a connect timeout, a TLS or a proxy failure is not retried"),
    STREAM_MAY_HAVE_BEEN_PROCESSED(
        "an HTTP/2 stream the server may have processed is never sent again"),
    RETRY("AsyncHttpClient's retry rules allow it"),
    RESPONSE_DELIVERED("the response had reached the handler"),
    NOT_IDEMPOTENT("it is not idempotent (replayOnlyIdempotent)"),
    RETRIES_SPENT("maxRequestRetry retries were spent"),
    RETRY_BUDGET_SPENT("the client's retry budget (retryBudgetPercent) was spent");

    private final String text;

    Reason(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** The decision: whether the IOException filters are asked first, then what is done. */
  public static final class Decision {
    private final boolean askFilters;
    private final Action action;
    private final Reason reason;

    private Decision(boolean askFilters, Action action, Reason reason) {
      this.askFilters = askFilters;
      this.action = action;
      this.reason = reason;
    }

    /** Whether the configured IOException filters are asked first; a replay they ask for wins. */
    public boolean askFilters() {
      return askFilters;
    }

    public Action action() {
      return action;
    }

    public Reason reason() {
      return reason;
    }

    @Override
    public String toString() {
      return (askFilters ? "filters, then " : "") + action + " (" + reason + ")";
    }
  }

  /** Decides what follows the failure {@code s} describes. */
  public static Decision decide(Situation s) {
    if (s.over) {
      return new Decision(false, Action.NOTHING, Reason.OVER);
    }
    if (s.clientClosed) {
      return fail(false, Reason.CLIENT_CLOSED);
    }
    if (!s.ioFailure) {
      return fail(false, Reason.NOT_IO);
    }
    if (s.unprocessed != null && s.stage != Stage.CONNECT) {
      if (!s.bodyReplayable) {
        return fail(false, Reason.BODY_NOT_REPLAYABLE);
      }
      return s.unprocessedReplays < MAX_UNPROCESSED_REPLAYS
          ? new Decision(false, Action.REPLAY_UNPROCESSED, Reason.UNPROCESSED)
          : fail(false, Reason.UNPROCESSED_REPLAYS_SPENT);
    }
    // AsyncHttpClient's rules: the filters first, for any I/O failure once connected (3.0.x never
    // asks them about a connect that failed).
    boolean filters = s.filtersConfigured && s.stage != Stage.CONNECT;
    if (!s.bodyReplayable) {
      return fail(filters, Reason.BODY_NOT_REPLAYABLE);
    }
    Reason retryable = retryable(s);
    if (retryable != Reason.RETRY && retryable != Reason.CONNECT_RETRY) {
      return fail(filters, retryable);
    }
    if (s.replayOnlyIdempotent && s.stage != Stage.CONNECT && !s.idempotent) {
      return fail(filters, Reason.NOT_IDEMPOTENT);
    }
    if (s.retries >= s.maxRequestRetry) {
      return fail(filters, Reason.RETRIES_SPENT);
    }
    // The budget bounds the retries of what the server may have processed, not a refused connect.
    return retryable == Reason.RETRY && !s.retryBudgetLeft
        ? fail(filters, Reason.RETRY_BUDGET_SPENT)
        : new Decision(filters, Action.RETRY, retryable);
  }

  /** RETRY or CONNECT_RETRY when AsyncHttpClient's rules allow a retry, else why not. */
  private static Reason retryable(Situation s) {
    if (s.stage == Stage.CONNECT) {
      return s.connectRefused ? Reason.CONNECT_RETRY : Reason.CONNECT_NOT_RETRIED;
    }
    if (s.http2) {
      return Reason.STREAM_MAY_HAVE_BEEN_PROCESSED;
    }
    if (s.stage == Stage.NOT_SENT || s.stage == Stage.SENT
        || (s.stage == Stage.RESPONSE_STARTED && s.idempotentMethod)) {
      return Reason.RETRY;
    }
    return !s.strictMidResponseRetry && s.connectionLost ? Reason.RETRY : Reason.RESPONSE_DELIVERED;
  }

  private static Decision fail(boolean askFilters, Reason reason) {
    return new Decision(askFilters, Action.FAIL, reason);
  }

  /** The header that marks a request as safe to send twice (draft-ietf-httpapi-idempotency-key). */
  private static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  /** Whether {@code request} carries an {@code Idempotency-Key}: its sender says it may be sent twice. */
  public static boolean hasIdempotencyKey(Request request) {
    return request.getHeaders().contains(IDEMPOTENCY_KEY);
  }

  private static final Set<String> IDEMPOTENT_METHODS =
      Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "QUERY");

  /** Whether {@code method} is idempotent (RFC 9110 9.2.2, and QUERY). */
  public static boolean isIdempotent(String method) {
    return IDEMPOTENT_METHODS.contains(method.toUpperCase(Locale.ROOT));
  }

  /** The native transports' socket error; named, not referenced: those transports are optional. */
  private static final String NATIVE_IO_EXCEPTION = "io.netty.channel.unix.Errors$NativeIoException";

  /** Whether {@code cause} is the transport failing (a reset, a broken pipe), as 3.0.11 recovers from. */
  public static boolean isConnectionLoss(Throwable cause) {
    return cause instanceof java.net.SocketException
        || cause instanceof java.nio.channels.ClosedChannelException
        || cause.getClass().getName().equals(NATIVE_IO_EXCEPTION);
  }

  /**
   * Everything the decision reads, as plain values: built by the driver from a {@link HopFailure},
   * the configuration and the exchange's counts, and by tests directly.
   */
  public static final class Situation {
    Stage stage = Stage.SENT;
    @Nullable Unprocessed unprocessed;
    boolean http2;
    boolean connectionLost = true;
    boolean connectRefused;
    boolean ioFailure = true;
    /** The method alone (the mid-response rule of 3.0.11). */
    boolean idempotentMethod;
    /** The method, or an {@code Idempotency-Key} header (replayOnlyIdempotent). */
    boolean idempotent;
    boolean bodyReplayable = true;
    int retries;
    int unprocessedReplays;
    int maxRequestRetry = 5;
    boolean strictMidResponseRetry;
    boolean replayOnlyIdempotent;
    boolean filtersConfigured;
    boolean clientClosed;
    boolean over;
    /** Whether the client's retry budget allows one more retry (always, without a budget). */
    boolean retryBudgetLeft = true;

    public Situation stage(Stage stage) {
      this.stage = stage;
      return this;
    }

    public Situation unprocessed(@Nullable Unprocessed proof) {
      this.unprocessed = proof;
      return this;
    }

    public Situation http2(boolean http2) {
      this.http2 = http2;
      return this;
    }

    public Situation connectionLost(boolean lost) {
      this.connectionLost = lost;
      return this;
    }

    public Situation connectRefused(boolean refused) {
      this.connectRefused = refused;
      return this;
    }

    public Situation ioFailure(boolean io) {
      this.ioFailure = io;
      return this;
    }

    /** The method; {@code idempotencyKey}: the request carries an {@code Idempotency-Key}. */
    public Situation method(String method, boolean idempotencyKey) {
      this.idempotentMethod = isIdempotent(method);
      this.idempotent = idempotentMethod || idempotencyKey;
      return this;
    }

    public Situation bodyReplayable(boolean replayable) {
      this.bodyReplayable = replayable;
      return this;
    }

    /** Replays made so far under each rule. */
    public Situation replaysSoFar(int retries, int unprocessedReplays) {
      this.retries = retries;
      this.unprocessedReplays = unprocessedReplays;
      return this;
    }

    public Situation maxRequestRetry(int max) {
      this.maxRequestRetry = max;
      return this;
    }

    public Situation strictMidResponseRetry(boolean strict) {
      this.strictMidResponseRetry = strict;
      return this;
    }

    public Situation replayOnlyIdempotent(boolean only) {
      this.replayOnlyIdempotent = only;
      return this;
    }

    public Situation filtersConfigured(boolean configured) {
      this.filtersConfigured = configured;
      return this;
    }

    public Situation clientClosed(boolean closed) {
      this.clientClosed = closed;
      return this;
    }

    public Situation over(boolean over) {
      this.over = over;
      return this;
    }

    public Situation retryBudgetLeft(boolean left) {
      this.retryBudgetLeft = left;
      return this;
    }

    @Override
    public String toString() {
      return stage + (unprocessed != null ? "/" + unprocessed : "") + (http2 ? " h2" : " h1")
          + (connectionLost ? " lost" : " own") + (connectRefused ? " refused" : "")
          + (ioFailure ? "" : " not-io") + (idempotent ? " idempotent" : "")
          + (bodyReplayable ? "" : " unreplayable-body") + " retries=" + retries + "/" + maxRequestRetry
          + " unprocessed=" + unprocessedReplays + (strictMidResponseRetry ? " strict" : "")
          + (replayOnlyIdempotent ? " only-idempotent" : "") + (filtersConfigured ? " filters" : "")
          + (clientClosed ? " closed" : "") + (over ? " over" : "")
          + (retryBudgetLeft ? "" : " budget-spent");
    }
  }
}
