package org.asynchttpclient.netty.hop;

import java.net.SocketAddress;
import org.asynchttpclient.netty.exchange.Attempt;
import org.jetbrains.annotations.Nullable;

/**
 * What the room that saw a hop fail knows about it: how far the hop got, and what, if anything,
 * proves that the server did not process its request. The driver hands it to {@link Replays},
 * which decides whether the request is sent again, and builds the caller's exception from it
 * ({@link HopFailureMessages}).
 *
 * <p>Made on the carrier's loop (or the connecting thread), read by the driver on the same thread.
 * Immutable.
 */
public final class HopFailure {

  /** How far the hop got before it failed. */
  public enum Stage {
    /** Its connection could not be made: nothing was sent. */
    CONNECT,
    /** No request byte reached the server (an HTTP/2 stream: its HEADERS frame was never written). */
    NOT_SENT,
    /** Its request was (at least partly) sent; no response byte arrived. */
    SENT,
    /** The response head arrived; no body part reached the handler yet. */
    RESPONSE_STARTED,
    /** A body part reached the handler: the handler cannot take it back. */
    BODY_DELIVERED
  }

  /** What proves that the server did not process the request. */
  public enum Unprocessed {
    /** Nothing of it was sent (the connection failed, or an HTTP/2 stream's HEADERS never went out). */
    NEVER_SENT("nothing of it was sent"),
    /** The server reset its HTTP/2 stream with REFUSED_STREAM. */
    REFUSED_STREAM("the server refused the stream (REFUSED_STREAM)"),
    /** Its HTTP/2 stream id is above the last stream id of a GOAWAY the server sent. */
    ABOVE_GOAWAY("its stream was above the last stream id of the server's GOAWAY");

    final String text;

    Unprocessed(String text) {
      this.text = text;
    }
  }

  // immutable
  private final Attempt attempt;
  private final Throwable cause;
  private final Stage stage;
  private final @Nullable Unprocessed unprocessed;
  private final boolean connectionLost;
  private final boolean connectRefused;
  private final int streamId;
  private final int goAwayLastStreamId;
  private final @Nullable SocketAddress remote;

  private HopFailure(Builder b) {
    this.attempt = b.attempt;
    this.cause = b.cause;
    this.stage = b.stage;
    this.unprocessed = b.unprocessed;
    this.connectionLost = b.connectionLost;
    this.connectRefused = b.connectRefused;
    this.streamId = b.streamId;
    this.goAwayLastStreamId = b.goAwayLastStreamId;
    this.remote = b.remote != null ? b.remote : attempt.remoteAddress();
  }

  /** A failure of {@code attempt} with {@code cause}, at {@code stage}; see the builder's setters. */
  public static Builder of(Attempt attempt, Throwable cause, Stage stage) {
    return new Builder(attempt, cause, stage);
  }

  public Attempt attempt() {
    return attempt;
  }

  /** What the room saw; the IOException filters hear it. */
  public Throwable cause() {
    return cause;
  }

  public Stage stage() {
    return stage;
  }

  /**
   * What proves the server did not process the request, or null when it may have. A connect
   * failure ({@link Stage#CONNECT}) is never sent either, but follows a rule of its own
   * ({@link Replays}).
   */
  public @Nullable Unprocessed unprocessed() {
    return unprocessed;
  }

  /** Whether the transport failed (closed, reset), rather than the client refusing what it read. */
  public boolean connectionLost() {
    return connectionLost;
  }

  /** For {@link Stage#CONNECT}: the connection was refused or had no route (retried as 3.0.14 does). */
  public boolean connectRefused() {
    return connectRefused;
  }

  /** Whether the hop was carried by an HTTP/2 stream. */
  public boolean http2() {
    return streamId != NO_STREAM;
  }

  /** The HTTP/2 stream id, -1 when the stream had none yet, or {@link #NO_STREAM} over HTTP/1.1. */
  public int streamId() {
    return streamId;
  }

  /** The last stream id of the GOAWAY the server sent on the stream's connection, or -1. */
  public int goAwayLastStreamId() {
    return goAwayLastStreamId;
  }

  /** Where the hop went, or null when it never connected. */
  public @Nullable SocketAddress remote() {
    return remote;
  }

  /** {@link #streamId} of a hop that no HTTP/2 stream carried. */
  public static final int NO_STREAM = Integer.MIN_VALUE;

  /** The facts a room knows beyond the attempt, the cause and the stage. */
  public static final class Builder {
    private final Attempt attempt;
    private final Throwable cause;
    private Stage stage;
    private @Nullable Unprocessed unprocessed;
    private boolean connectionLost = true;
    private boolean connectRefused;
    private int streamId = NO_STREAM;
    private int goAwayLastStreamId = -1;
    private @Nullable SocketAddress remote;

    private Builder(Attempt attempt, Throwable cause, Stage stage) {
      this.attempt = attempt;
      this.cause = cause;
      this.stage = stage;
      if (stage == Stage.NOT_SENT) {
        this.unprocessed = Unprocessed.NEVER_SENT;
      }
    }

    /** The failure is the client's own (a malformed response, a limit), not the transport's. */
    public Builder clientsOwn() {
      this.connectionLost = false;
      return this;
    }

    /** A connect failure that 3.0.14 retries: refused, or no route. */
    public Builder connectRefused(boolean refused) {
      this.connectRefused = refused;
      return this;
    }

    /**
     * The HTTP/2 stream that carried the hop: its id (-1 if it had none), the last stream id of
     * the server's GOAWAY (-1 if none), and what proves it unprocessed (null: it may have been).
     * A response that started stays started whatever the stream says.
     */
    public Builder stream(int id, int goAwayLastStreamId, @Nullable Unprocessed proof) {
      this.streamId = id;
      this.goAwayLastStreamId = goAwayLastStreamId;
      if (stage != Stage.RESPONSE_STARTED && stage != Stage.BODY_DELIVERED) {
        this.unprocessed = proof;
        this.stage = proof != null ? Stage.NOT_SENT : Stage.SENT;
      }
      return this;
    }

    /** Where the hop went, when the attempt has not recorded it (a connect that failed). */
    public Builder remote(@Nullable SocketAddress address) {
      this.remote = address;
      return this;
    }

    public HopFailure build() {
      return new HopFailure(this);
    }
  }

  @Override
  public String toString() {
    return "HopFailure{" + stage + (unprocessed != null ? ", " + unprocessed : "")
        + (http2() ? ", stream " + streamId : "") + ", " + cause + '}';
  }
}
