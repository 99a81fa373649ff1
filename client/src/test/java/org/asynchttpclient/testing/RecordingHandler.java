package org.asynchttpclient.testing;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import javax.net.ssl.SSLSession;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.request.NettyRequest;
import org.jetbrains.annotations.Nullable;

/**
 * An {@link AsyncHandler} that records what happened to its exchange, for tests to assert on:
 *
 * <ul>
 *   <li>every callback by name with a short detail ({@link #events()}, {@link #names()}), lifecycle
 *       hooks included;
 *   <li>how many terminal callbacks came ({@link #terminals()}: exactly one, for a correct client),
 *       the first one's failure, thread and time, and a future completed by it ({@link #ended()});
 *   <li>the status, headers, trailers, body bytes (copied inside the callback), the classes of the
 *       body parts, and the connection it ran on ({@link #connected()}, {@link #pooled()}, {@link
 *       #offered()}, {@link #channel()});
 *   <li>how many response and terminal callbacks came, and the {@link System#nanoTime()} of the
 *       last one, to prove nothing arrives after an exchange ended.
 * </ul>
 *
 * It may answer {@link State#ABORT} at a chosen step ({@link AbortAt}). {@link #onCompleted} returns
 * the {@link Response} built from what it received, so the future's value is this handler's.
 * Subclasses may override any callback; call {@code super} to keep the records.
 *
 * <p>Threads: callbacks come from I/O and timer threads, the reads from the test's thread; every
 * field is atomic, volatile, concurrent, or guarded by {@code this}.
 */
public class RecordingHandler implements AsyncHandler<Response> {

  /** The step at which the handler answers ABORT. */
  public enum AbortAt {
    NEVER,
    STATUS,
    HEADERS,
    BODY,
    TRAILERS
  }

  // immutable
  private final AbortAt abortAt;

  // any thread
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final List<String> partClasses = new CopyOnWriteArrayList<>();
  private final AtomicInteger terminals = new AtomicInteger();
  private final AtomicInteger callbacks = new AtomicInteger();
  private final AtomicLong bodyLength = new AtomicLong();
  private final LongAccumulator lastCallbackNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final CompletableFuture<RecordingHandler> ended = new CompletableFuture<>();
  private final CompletableFuture<Channel> connected = new CompletableFuture<>();
  private final CompletableFuture<Channel> pooled = new CompletableFuture<>();
  private final CompletableFuture<Channel> offered = new CompletableFuture<>();
  private volatile long startNanos = System.nanoTime();
  private volatile int status = -1;
  private volatile @Nullable HttpHeaders headers;
  private volatile @Nullable HttpHeaders trailers;
  private volatile @Nullable Channel channel;
  // written once, by the first terminal callback, before ended completes
  private volatile @Nullable Throwable failure;
  private volatile @Nullable Thread endedOn;
  private volatile long endNanos;

  // guarded by this
  private final ByteArrayOutputStream body = new ByteArrayOutputStream();
  private final Response.ResponseBuilder response = new Response.ResponseBuilder();

  public RecordingHandler() {
    this(AbortAt.NEVER);
  }

  public RecordingHandler(AbortAt abortAt) {
    this.abortAt = abortAt;
  }

  // ---- what the test reads

  /** Every callback so far, in order, as {@code name} or {@code name:detail}. */
  public List<String> events() {
    return events;
  }

  /** The event names, without details. */
  public List<String> names() {
    List<String> out = new ArrayList<>();
    for (String e : events) {
      int colon = e.indexOf(':');
      out.add(colon < 0 ? e : e.substring(0, colon));
    }
    return out;
  }

  /** The simple class names of the body parts received, in order. */
  public List<String> partClasses() {
    return partClasses;
  }

  /** Terminal callbacks ({@code onCompleted} and {@code onThrowable}) so far. */
  public int terminals() {
    return terminals.get();
  }

  /** Response callbacks (status, headers, body parts, trailers) and terminal callbacks so far. */
  public int callbacks() {
    return callbacks.get();
  }

  /** Completes (never exceptionally) with this handler on the first terminal callback. */
  public CompletableFuture<RecordingHandler> ended() {
    return ended;
  }

  /** Waits up to {@code timeout} for the first terminal callback; fails the test if none came. */
  public RecordingHandler awaitEnd(Duration timeout) throws InterruptedException {
    try {
      return ended.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError(
          "no terminal callback after " + timeout.toMillis() + " ms; events " + events, e);
    } catch (ExecutionException e) {
      throw new AssertionError("ended() never completes exceptionally", e);
    }
  }

  /** The first terminal callback's failure; null if it was {@code onCompleted} or none came. */
  public @Nullable Throwable failure() {
    return failure;
  }

  /** The thread of the first terminal callback, or null before it. */
  public @Nullable Thread endedOn() {
    return endedOn;
  }

  /** The status code received, or -1. */
  public int status() {
    return status;
  }

  public @Nullable HttpHeaders headers() {
    return headers;
  }

  public @Nullable HttpHeaders trailers() {
    return trailers;
  }

  /** A copy of the body bytes received so far. */
  public synchronized byte[] bodyBytes() {
    return body.toByteArray();
  }

  /** How many body bytes were received so far. */
  public long bodyLength() {
    return bodyLength.get();
  }

  /** The connection of the last {@code onTcpConnectSuccess} or {@code onConnectionPooled}. */
  public @Nullable Channel channel() {
    return channel;
  }

  /** The channel of the first {@code onTcpConnectSuccess}. */
  public CompletableFuture<Channel> connected() {
    return connected;
  }

  /** The channel of the first {@code onConnectionPooled}. */
  public CompletableFuture<Channel> pooled() {
    return pooled;
  }

  /** The channel of the first {@code onConnectionOffer}. */
  public CompletableFuture<Channel> offered() {
    return offered;
  }

  /** Restarts the clock of {@link #elapsedMillis()}: call right before handing it to the client. */
  public RecordingHandler markStart() {
    startNanos = System.nanoTime();
    return this;
  }

  /** {@link System#nanoTime()} of the first terminal callback, or 0 before it. */
  public long endNanos() {
    return endNanos;
  }

  /** From {@link #markStart()} (or construction) to the first terminal callback. */
  public long elapsedMillis() {
    return TimeUnit.NANOSECONDS.toMillis(endNanos - startNanos);
  }

  /** {@link System#nanoTime()} of the last response or terminal callback. */
  public long lastCallbackNanos() {
    return lastCallbackNanos.get();
  }

  // ---- response callbacks

  private void mark() {
    callbacks.incrementAndGet();
    lastCallbackNanos.accumulate(System.nanoTime());
  }

  private void end(@Nullable Throwable t) {
    if (terminals.incrementAndGet() == 1) {
      failure = t;
      endedOn = Thread.currentThread();
      endNanos = System.nanoTime();
      ended.complete(this);
    }
  }

  /** Counts a callback and records its event. */
  private void heard(String event) {
    mark();
    events.add(event);
  }

  /** What the handler answers to the callback {@code at}: abort there if told to. */
  private State answer(AbortAt at) {
    return abortAt == at ? State.ABORT : State.CONTINUE;
  }

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    heard("status:" + responseStatus.getStatusCode());
    status = responseStatus.getStatusCode();
    synchronized (this) {
      response.accumulate(responseStatus);
    }
    return answer(AbortAt.STATUS);
  }

  @Override
  public State onHeadersReceived(HttpHeaders h) {
    headers = h;
    return heardHeaders("headers", h, AbortAt.HEADERS);
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart part) {
    heard("part:" + part.length());
    partClasses.add(part.getClass().getSimpleName());
    byte[] bytes = part.getBodyPartBytes();
    bodyLength.addAndGet(bytes.length);
    synchronized (this) {
      response.accumulate(part);
      body.write(bytes, 0, bytes.length);
    }
    return answer(AbortAt.BODY);
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders h) {
    trailers = h;
    return heardHeaders("trailers", h, AbortAt.TRAILERS);
  }

  /** The headers and the trailers go the same way into the response being built. */
  private State heardHeaders(String event, HttpHeaders h, AbortAt at) {
    heard(event);
    synchronized (this) {
      response.accumulate(h);
    }
    return answer(at);
  }

  @Override
  public void onThrowable(Throwable t) {
    heard("throwable:" + t);
    end(t);
  }

  @Override
  public @Nullable Response onCompleted() {
    heard("completed");
    Response r;
    synchronized (this) {
      r = response.build();
    }
    end(null);
    return r;
  }

  // ---- lifecycle hooks

  @Override
  public void onHostnameResolutionAttempt(String name) {
    events.add("resolveAttempt:" + name);
  }

  @Override
  public void onHostnameResolutionSuccess(String name, List<InetSocketAddress> addresses) {
    events.add("resolveSuccess:" + name + addresses);
  }

  @Override
  public void onHostnameResolutionFailure(String name, Throwable cause) {
    events.add("resolveFailure:" + name);
  }

  @Override
  public void onTcpConnectAttempt(InetSocketAddress remoteAddress) {
    events.add("connectAttempt:" + remoteAddress);
  }

  @Override
  public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {
    events.add("connectSuccess:" + remoteAddress);
    channel = connection;
    connected.complete(connection);
  }

  @Override
  public void onTcpConnectFailure(InetSocketAddress remoteAddress, Throwable cause) {
    events.add("connectFailure:" + remoteAddress);
  }

  @Override
  public void onTlsHandshakeAttempt() {
    events.add("tlsAttempt");
  }

  @Override
  public void onTlsHandshakeSuccess(SSLSession sslSession) {
    events.add("tlsSuccess:" + sslSession.getProtocol());
  }

  @Override
  public void onTlsHandshakeFailure(Throwable cause) {
    events.add("tlsFailure");
  }

  @Override
  public void onConnectionPoolAttempt() {
    events.add("poolAttempt");
  }

  @Override
  public void onConnectionPooled(Channel connection) {
    events.add("pooled");
    channel = connection;
    pooled.complete(connection);
  }

  @Override
  public void onConnectionOffer(Channel connection) {
    events.add("offer");
    offered.complete(connection);
  }

  @Override
  public void onRequestSend(NettyRequest request) {
    events.add("send");
  }

  @Override
  public void onRetry() {
    events.add("retry");
  }
}
