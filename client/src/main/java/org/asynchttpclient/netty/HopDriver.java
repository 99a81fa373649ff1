package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.channel.ConnectionPermits;
import org.asynchttpclient.netty.connect.Connector;
import org.asynchttpclient.netty.connect.ProxySelection;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.exchange.ExchangeEvents;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.hop.NextHop;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.request.RequestWriter;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/**
 * Drives every exchange from hop to hop. Read top to bottom, one hop is:
 *
 * <ol>
 *   <li>{@link #send}: the budget check (a hop whose budget is spent is never sent), the wire
 *       request, a new {@link Attempt} published to the exchange, then a connection permit;
 *   <li>a carrier: an idle pooled channel (on its loop: attach, arm the request timeout there,
 *       write), else a new connection (arm on the timer, connect; the timeout moves onto the
 *       channel's loop as soon as the channel exists; then write);
 *   <li>the write ({@link RequestWriter}) and the response ({@link ResponseHandler}), which asks
 *       {@link #nextHop} on each response head whether a redirect, auth challenge or response
 *       filter turns it into another hop;
 *   <li>{@link #continueWithHop}: that hop's response was read to its end, so its carrier goes
 *       back to the pool (or is closed) and the next hop is sent; an NTLM round instead keeps the
 *       carrier and its permit and writes the next hop on it ({@link #sendOnSameCarrier}); or {@link
 *       #retryBeforeResponse}: the connection failed before any response byte, so the same
 *       request may be replayed on a fresh connection ({@link BeforeResponseRetries} decides).
 * </ol>
 *
 * The last hop ends in the exchange's own outcome (its {@code complete}, {@code fail} or a
 * timeout). A hop hands on only after it wins its attempt's {@code end()}: if a timeout of that
 * hop won first, the exchange is timing out and the hop stops where it is.
 *
 * <p>Threads: {@link #send} from any thread (the caller's, a permit releaser's, the previous
 * hop's loop); everything on a channel runs on that channel's loop. Holds no per-exchange state.
 */
final class HopDriver implements ResponseHandler.Owner, RequestWriter.FailurePolicy {
  // immutable
  private final AsyncHttpClientConfig config;
  private final ChannelPool pool;
  private final ConnectionPermits permits;
  private final Connector connector;
  private final RequestWriter writer;
  private final NettyRequestFactory requestFactory;
  private final HopDecider hopDecider;
  private final BeforeResponseRetries retries;
  private final BooleanSupplier clientClosed;
  private final ExchangeEvents events;

  HopDriver(ClientEngine.Parts parts) {
    this.config = parts.config;
    this.pool = parts.pool;
    this.permits = parts.permits;
    this.connector = parts.connector;
    this.requestFactory = parts.requestFactory;
    this.hopDecider = parts.hopDecider;
    this.clientClosed = parts.clientClosed;
    this.events = parts.events;
    this.writer = new RequestWriter(this, config.getDeadlinePropagationHeader());
    this.retries = new BeforeResponseRetries(config, this::replayOnFreshConnection);
  }

  // ---- 1. a hop: budget, wire request, attempt, permit

  /**
   * Sends {@code request} as the exchange's next hop, of {@code kind}; {@code fresh} refuses
   * pooled channels.
   */
  void send(Exchange<?> ex, Request request, HopKind kind, boolean fresh) {
    if (ex.isDone()) {
      return;
    }
    ProxyServer proxy = ProxySelection.select(config, request);
    NettyRequest wire;
    try {
      wire = encode(ex, request, proxy);
    } catch (RuntimeException e) {
      ex.fail(e);
      return;
    }
    Object key = partitionKey(request, proxy);
    Attempt attempt =
        ex.begin(
            Attempt.builder(ex, request, wire)
                .partitionKey(key)
                .proxy(proxy)
                .kind(kind)
                .freshConnection(fresh)
                .requestTimeoutNanos(TimeoutValues.requestTimeoutNanos(request, config))
                .readTimeoutNanos(TimeoutValues.readTimeoutNanos(request, config)));
    if (attempt == null || !ex.checkBudget()) {
      return; // ended, or its whole budget is spent: no permit, no connection, no write (D3)
    }
    events.hopStarted(attempt);
    if (permits.tryAcquire(key)) {
      if (ex.attachPermit(key)) {
        obtainCarrier(attempt);
      }
      return;
    }
    // No permit free: waiting for one is part of the hop, so its request timeout (on the timer,
    // as there is no channel yet) bounds the wait.
    if (!attempt.armRequestTimeout(null)) {
      return;
    }
    permits.acquire(
        key,
        failure -> {
          if (failure != null) {
            ex.fail(failure);
          } else if (ex.attachPermit(key)) {
            obtainCarrier(attempt);
          }
        });
  }

  private NettyRequest encode(Exchange<?> ex, Request request, @Nullable ProxyServer proxy) {
    // SOCKS is below HTTP: the request itself is the same as a direct one.
    ProxyServer httpProxy = proxy != null && proxy.getProxyType().isHttp() ? proxy : null;
    Realm realm = request.getRealm();
    if (realm == null && !ex.credentialsDropped()) {
      realm = config.getRealm();
    }
    Realm proxyRealm = httpProxy != null ? httpProxy.getRealm() : null;
    NettyRequest wire = requestFactory.newNettyRequest(request, false, httpProxy, realm, proxyRealm);
    // A tunnelled request (https, and ws as in 3.0.11) is not read by the proxy.
    if (httpProxy != null && !request.getUri().isSecured() && !request.getUri().isWebSocket()) {
      addProxyCustomHeaders(wire, httpProxy, request);
    }
    return wire;
  }

  private static void addProxyCustomHeaders(NettyRequest wire, ProxyServer proxy, Request request) {
    Function<Request, HttpHeaders> custom = proxy.getCustomHeaders();
    if (custom != null) {
      HttpHeaders extra = custom.apply(request);
      if (extra != null) {
        wire.getHttpRequest().headers().add(extra);
      }
    }
  }

  /** The pool partition of a hop: scheme, host, port and the proxy carrying it. */
  // 3.0.11's ChannelPoolPartitioning declares its parameters without @Nullable although a
  // virtual host and a proxy are optional; the built-in implementation accepts null.
  @SuppressWarnings("NullAway")
  private static Object partitionKey(Request request, @Nullable ProxyServer proxy) {
    return request
        .getChannelPoolPartitioning()
        .getPartitionKey(request.getUri(), request.getVirtualHost(), proxy);
  }

  // ---- 2. a carrier: pooled or new

  private void obtainCarrier(Attempt attempt) {
    if (!attempt.freshConnection()) {
      attempt.exchange().handler().onConnectionPoolAttempt();
      Channel pooled = pool.poll(attempt.partitionKey());
      if (pooled != null) {
        pooled.eventLoop().execute(() -> writeOnPooled(attempt, pooled));
        return;
      }
    }
    connectAndWrite(attempt);
  }

  /** Runs on the pooled channel's loop: attach first, then arm there, then write (E3). */
  private void writeOnPooled(Attempt attempt, Channel pooled) {
    if (!pooled.isActive()) {
      ChannelClosing.close(pooled);
      connectAndWrite(attempt);
      return;
    }
    if (!attempt.attachCarrier(pooled) || !attempt.armRequestTimeout(pooled.eventLoop())) {
      return;
    }
    events.connectionAcquired(attempt, true);
    attempt.exchange().handler().onConnectionPooled(pooled);
    writer.write(attempt, pooled);
  }

  /**
   * No channel yet: the timer bounds resolution, connect and TLS (E2); the timeout moves onto the
   * new channel's loop as soon as the channel exists ({@link Attempt#attachCarrier}).
   */
  private void connectAndWrite(Attempt attempt) {
    if (!attempt.armRequestTimeout(null)) {
      return;
    }
    connector.connect(attempt, ch -> writer.write(attempt, ch));
  }

  // ---- 3. the response head: another hop?

  @Override
  public @Nullable NextHop nextHop(Attempt attempt, HttpResponseStatus status, HttpHeaders headers)
      throws Exception {
    return hopDecider.nextHop(attempt.exchange(), status, headers);
  }

  // ---- 4. continuing: the next hop, or a replay

  @Override
  public void continueWithHop(Attempt done, Channel channel, boolean keepAlive, NextHop next) {
    assert channel.eventLoop().inEventLoop() : "continueWithHop must run on the channel's loop";
    Exchange<?> ex = done.exchange();
    boolean reusable = keepAlive && channel.isActive() && !clientClosed.getAsBoolean();
    // Asked while done is still the exchange's current attempt: the decision names its hop.
    boolean sameConnection = reusable && hopDecider.continuesOnSameConnection(ex);
    if (reusable && !sameConnection) {
      ex.handler().onConnectionOffer(channel);
    }
    if (!done.end()) {
      return; // a timeout of this hop won: the exchange is timing out and closes the carrier
    }
    done.timeouts().cancel();
    Channel carrier = done.takeCarrier();
    if (carrier != null && sameConnection && !ex.isDone()) {
      events.hopEnded(done, null);
      sendOnSameCarrier(ex, next, carrier);
      return;
    }
    if (carrier != null) {
      if (reusable && !ex.isDone()) {
        offerOrClose(carrier, done.partitionKey());
      } else {
        ChannelClosing.close(carrier);
      }
    }
    events.hopEnded(done, null);
    ex.releasePermit();
    send(ex, next.request(), next.kind(), false);
  }

  /**
   * Sends {@code request} as the exchange's next hop on {@code carrier}, the previous hop's
   * channel, which was never offered to the pool: an NTLM round, whose handshake authenticates the
   * connection. The exchange keeps the previous hop's permit. Loop-only.
   */
  private void sendOnSameCarrier(Exchange<?> ex, NextHop next, Channel carrier) {
    assert carrier.eventLoop().inEventLoop() : "sendOnSameCarrier must run on the carrier's loop";
    Request request = next.request();
    ProxyServer proxy = ProxySelection.select(config, request);
    NettyRequest wire;
    try {
      wire = encode(ex, request, proxy);
    } catch (RuntimeException e) {
      ChannelClosing.close(carrier);
      ex.fail(e);
      return;
    }
    Attempt attempt =
        ex.begin(
            Attempt.builder(ex, request, wire)
                .partitionKey(partitionKey(request, proxy))
                .proxy(proxy)
                .kind(next.kind())
                .requestTimeoutNanos(TimeoutValues.requestTimeoutNanos(request, config))
                .readTimeoutNanos(TimeoutValues.readTimeoutNanos(request, config)));
    if (attempt == null || !ex.checkBudget()) {
      ChannelClosing.close(carrier); // held by no attempt: nobody else would close it
      return;
    }
    events.hopStarted(attempt);
    if (!attempt.attachCarrier(carrier) || !attempt.armRequestTimeout(carrier.eventLoop())) {
      return;
    }
    events.connectionAcquired(attempt, true);
    writer.write(attempt, carrier);
  }

  @Override
  public boolean retryBeforeResponse(Attempt failed, Throwable cause) {
    return retries.retry(failed, cause, clientClosed.getAsBoolean());
  }

  /** Abandons the failed hop's carrier and permit and sends {@code request} as a new hop. */
  private void replayOnFreshConnection(Attempt failed, Request request, Throwable cause) {
    if (!failed.end()) {
      return; // a timeout of this hop won
    }
    failed.timeouts().cancel();
    Channel carrier = failed.takeCarrier();
    if (carrier != null) {
      ChannelClosing.close(carrier);
    }
    events.hopEnded(failed, cause);
    Exchange<?> ex = failed.exchange();
    ex.releasePermit();
    send(ex, request, HopKind.RETRY, true);
  }

  @Override
  public void onWriteFailure(Attempt attempt, Channel channel, Throwable cause) {
    ResponseHandler responses = channel.pipeline().get(ResponseHandler.class);
    if (responses != null && !responses.unbindIfBound(attempt)) {
      return; // the read side already reported this hop
    }
    ChannelClosing.close(channel);
    if (!(cause instanceof IOException) || !retryBeforeResponse(attempt, cause)) {
      attempt.exchange().fail(cause);
    }
  }

  @Override
  public void idleChannelClosed(Channel channel) {
    pool.removeAll(channel);
  }

  // ---- handing channels back

  /** A channel whose exchange completed: back to the pool if keep-alive allows, else closed. */
  void recycle(Channel channel, Exchange<?> ex) {
    ex.handler().onConnectionOffer(channel);
    Attempt last = ex.current();
    if (clientClosed.getAsBoolean() || last == null) {
      ChannelClosing.close(channel);
    } else {
      offerOrClose(channel, last.partitionKey());
    }
  }

  private void offerOrClose(Channel channel, Object partitionKey) {
    if (!pool.offer(channel, partitionKey)) {
      ChannelClosing.close(channel);
    }
  }
}
