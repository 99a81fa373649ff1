package org.asynchttpclient.exception;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * The failure of an exchange whose request or read timeout expired: a {@link
 * RequestTimeoutException} or a {@link ReadTimeoutException}, so a caller can tell them apart by
 * type. Besides a message that reads well in a log line it carries the figures as data: which
 * timeout, the budget it had, how long the exchange had run, which hop it was on, what that hop
 * was doing ({@link Phase}), where it was talking to, and how late the expiry fired compared with
 * its deadline (a large value means the timer or event loop is running late).
 *
 * <p>An exchange fails with one of these only with {@code typedTimeoutExceptions} on ({@link
 * org.asynchttpclient.AsyncHttpClientConfig#isTypedTimeoutExceptions()}); by default it fails with
 * a plain {@link TimeoutException} of the same message, as 3.0.11 does. An {@link
 * org.asynchttpclient.events.ExchangeListener} receives this typed form either way.
 *
 * <p>A connect that exceeds {@code connectTimeout} is not one of these: it fails with a {@code
 * java.net.ConnectException}, as in AHC 3.0.11.
 */
public abstract class ExchangeTimeoutException extends TimeoutException {
  private static final long serialVersionUID = 2L;

  /** Which timeout expired. */
  public enum Kind {
    REQUEST("Request"),
    READ("Read");

    private final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  /** What the hop was doing when its timeout expired. */
  public enum Phase {
    /** Waiting for a connection permit or an idle pooled connection. */
    WAITING_FOR_CONNECTION,
    /** Resolving the host name. */
    RESOLVING,
    /** Opening the TCP connection (to the target or a proxy, tunnel included). */
    CONNECTING,
    /** The TLS handshake. */
    TLS_HANDSHAKE,
    /** Waiting for a free stream on an HTTP/2 connection. */
    WAITING_FOR_STREAM,
    /** Writing the request. */
    WRITING,
    /** The request was written; no byte of the response yet. */
    WAITING_FOR_RESPONSE,
    /** Reading the response. */
    READING;

    /** As the message writes it: {@code waiting for response}. */
    private final String text = name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private final Kind kind;
  private final Phase phase;
  private final long budgetMillis;
  private final long elapsedMillis;
  private final int hop;
  private final @Nullable SocketAddress remoteAddress;
  private final List<InetSocketAddress> addressesTried;
  private final long lateNanos;
  /**
   * False while the superclass constructors run, so that the stack walk they start is skipped and
   * this constructor decides ({@link Builder#stackTrace}); true after, when a fill works as usual.
   */
  private final boolean constructed;

  ExchangeTimeoutException(Kind kind, Builder b) {
    super(message(kind, b));
    this.kind = kind;
    this.phase = b.phase;
    this.budgetMillis = b.budgetMillis;
    this.elapsedMillis = b.elapsedMillis;
    this.hop = b.hop;
    this.remoteAddress = b.remoteAddress;
    this.addressesTried = b.addressesTried;
    this.lateNanos = b.lateNanos;
    if (b.stackTrace) {
      super.fillInStackTrace();
    }
    this.constructed = true;
  }

  /**
   * Records the current stack, as {@link Throwable#fillInStackTrace()} does, except while this
   * exception is being constructed: the constructor records it only when its builder asked for
   * one (see {@link Builder#stackTrace}).
   */
  @Override
  public synchronized Throwable fillInStackTrace() {
    return constructed ? super.fillInStackTrace() : this;
  }

  /**
   * Begins as 3.0.11's message ({@code Request timeout to host/ip:port after 600 ms}), so that
   * code matching on it keeps working; the figures follow in parentheses.
   */
  private static String message(Kind kind, Builder b) {
    StringBuilder sb = new StringBuilder(160).append(kind.label).append(" timeout to ");
    appendAddress(sb, b.remoteAddress, b.target);
    sb.append(" after ").append(b.budgetMillis).append(" ms");
    if (b.beforeSend) {
      sb.append(" before the request was sent");
    }
    sb.append(" (elapsed ")
        .append(b.elapsedMillis)
        .append(" ms, hop ")
        .append(b.hop)
        .append(", ")
        .append(b.phase.text)
        .append(b.phase == Phase.CONNECTING && !b.addressesTried.isEmpty() ? " to " + b.addressesTried : "")
        .append(", fired ");
    appendMillis(sb, b.lateNanos);
    return sb.append(" ms after its deadline)").toString();
  }

  /**
   * {@code nanos} as milliseconds with three decimals ({@code 1.234}), written without a {@code
   * double}: formatting one cost more than the rest of the message, on the loop that expires it.
   */
  private static void appendMillis(StringBuilder sb, long nanos) {
    long micros = nanos / 1_000;
    if (micros < 0) {
      sb.append('-');
      micros = -micros;
    }
    long fraction = micros % 1000;
    sb.append(micros / 1000).append('.');
    if (fraction < 100) {
      sb.append('0');
    }
    if (fraction < 10) {
      sb.append('0');
    }
    sb.append(fraction);
  }

  /** As 3.0.11 writes it: {@code host/ip:port} once connected, else the request's {@code host:port}. */
  private static void appendAddress(StringBuilder sb, @Nullable SocketAddress remote, String target) {
    if (!(remote instanceof InetSocketAddress)) {
      sb.append(remote != null ? remote.toString() : target);
      return;
    }
    InetSocketAddress address = (InetSocketAddress) remote;
    sb.append(address.getHostString());
    if (!address.isUnresolved()) {
      sb.append('/').append(address.getAddress().getHostAddress());
    }
    sb.append(':').append(address.getPort());
  }

  /** Starts the description of a timeout of {@code kind}. */
  public static Builder builder(Kind kind) {
    return new Builder(kind);
  }

  /** Gathers a timeout's figures; {@link #build()} makes the exception of the matching type. */
  public static final class Builder {
    private final Kind kind;
    private Phase phase = Phase.WAITING_FOR_CONNECTION;
    private long budgetMillis;
    private long elapsedMillis;
    private int hop;
    private @Nullable SocketAddress remoteAddress;
    private String target = "unknown:0";
    private List<InetSocketAddress> addressesTried = List.of();
    private boolean beforeSend;
    private long lateNanos;
    private boolean stackTrace = true;

    private Builder(Kind kind) {
      this.kind = kind;
    }

    public Builder phase(Phase phase) {
      this.phase = phase;
      return this;
    }

    public Builder budgetMillis(long budgetMillis) {
      this.budgetMillis = budgetMillis;
      return this;
    }

    public Builder elapsedMillis(long elapsedMillis) {
      this.elapsedMillis = elapsedMillis;
      return this;
    }

    public Builder hop(int hop) {
      this.hop = hop;
      return this;
    }

    public Builder remoteAddress(@Nullable SocketAddress remoteAddress) {
      this.remoteAddress = remoteAddress;
      return this;
    }

    /** The addresses the hop's connect started, in order (several when they raced). */
    public Builder addressesTried(List<InetSocketAddress> addressesTried) {
      this.addressesTried = List.copyOf(addressesTried);
      return this;
    }

    /** Where the request was going ({@code host:port}), named while no address is connected. */
    public Builder target(String target) {
      this.target = target;
      return this;
    }

    /** The hop was never sent: the exchange's budget was spent before it could be. */
    public Builder beforeSend(boolean beforeSend) {
      this.beforeSend = beforeSend;
      return this;
    }

    public Builder lateNanos(long lateNanos) {
      this.lateNanos = lateNanos;
      return this;
    }

    /**
     * Whether the exception records the stack it is built on (true by default, as any exception
     * does). The client builds its timeouts on the thread that expires them, a stack that says
     * nothing about the caller; it asks for none when the typed exception goes only to {@link
     * org.asynchttpclient.events.ExchangeListener}s (the caller gets a plain {@link
     * TimeoutException}, with its own stack), which saves a stack walk per timeout on that thread.
     */
    public Builder stackTrace(boolean stackTrace) {
      this.stackTrace = stackTrace;
      return this;
    }

    public ExchangeTimeoutException build() {
      return kind == Kind.READ ? new ReadTimeoutException(this) : new RequestTimeoutException(this);
    }
  }

  public Kind getKind() {
    return kind;
  }

  /** What the hop was doing when the timeout expired. */
  public Phase getPhase() {
    return phase;
  }

  /** The timeout that expired, in milliseconds. */
  public long getBudgetMillis() {
    return budgetMillis;
  }

  /** Time from the exchange's submission to the expiry, in milliseconds. */
  public long getElapsedMillis() {
    return elapsedMillis;
  }

  /** 0 for the first attempt, then one more for each redirect, retry or auth replay. */
  public int getHop() {
    return hop;
  }

  public @Nullable SocketAddress getRemoteAddress() {
    return remoteAddress;
  }

  /**
   * The addresses the hop opened a connection to, in the order they were started; empty when it
   * opened none (it waited for a connection, or used a pooled one). Several when a connect failed
   * over to the next address, or when addresses raced ({@code connectionAttemptDelay}); a timeout
   * in the {@link Phase#CONNECTING} phase names them in its message.
   */
  public List<InetSocketAddress> getAddressesTried() {
    return addressesTried;
  }

  /** How long after its deadline the expiry actually ran, in nanoseconds. */
  public long getLateNanos() {
    return lateNanos;
  }
}
