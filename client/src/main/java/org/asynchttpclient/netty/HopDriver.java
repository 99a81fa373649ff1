package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
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
import org.asynchttpclient.netty.h2.H2Registry;
import org.asynchttpclient.netty.h2.H2Streams;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.hop.NextHop;
import org.asynchttpclient.netty.request.NettyRequest;
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
  private final HopRequests hopRequests;
  private final HopDecider hopDecider;
  private final BeforeResponseRetries retries;
  private final BooleanSupplier clientClosed;
  private final ExchangeEvents events;
  private final H2Registry h2;

  HopDriver(ClientEngine.Parts parts) {
    this.config = parts.config;
    this.pool = parts.pool;
    this.permits = parts.permits;
    this.connector = parts.connector;
    this.hopRequests = new HopRequests(config, parts.requestFactory);
    this.hopDecider = parts.hopDecider;
    this.clientClosed = parts.clientClosed;
    this.events = parts.events;
    this.writer = new RequestWriter(this, config.getDeadlinePropagationHeader());
    this.retries = new BeforeResponseRetries(config, this::replayOnFreshConnection);
    this.h2 =
        new H2Registry(config, parts.ticker, () -> new ResponseHandler(config, this), new H2Hops());
  }

  /** How the HTTP/2 registry hands hops back: the same writer, routing and retry rules. */
  private final class H2Hops implements H2Registry.Engine {
    @Override
    public void resumeHop(Attempt attempt) {
      dispatch(attempt);
    }

    @Override
    public void write(Attempt attempt, Channel stream) {
      // The stream is the hop's carrier: published first, so a cancel or timeout resets it.
      boolean openedIt = attempt.remoteAddress() != null; // the opener connected it itself
      if (attempt.attachCarrier(stream)) {
        if (!openedIt) {
          events.connectionAcquired(attempt, true);
        }
        writer.write(attempt, stream);
      }
    }

    @Override
    public boolean retryBeforeResponse(Attempt attempt, Throwable cause) {
      return HopDriver.this.retryBeforeResponse(attempt, cause);
    }
  }

  /** Forgets the HTTP/2 partitions; the client closes their connections with its channels. */
  void close() {
    h2.close();
  }

  // ---- 1. a hop: budget, wire request, attempt, permit

  /**
   * Sends {@code request} as the exchange's next hop, of {@code kind}; {@code fresh} refuses
   * pooled channels.
   */
  void send(Exchange<?> ex, Request request, HopKind kind, boolean fresh) {
    Attempt attempt = begin(ex, request, kind, fresh);
    if (attempt != null) {
      dispatch(attempt);
    }
  }

  /**
   * Builds the hop's wire request and attempt, publishes it to the exchange and checks the budget;
   * returns null when the exchange ended or its whole budget is spent (then nothing is sent: D3).
   */
  private @Nullable Attempt begin(Exchange<?> ex, Request request, HopKind kind, boolean fresh) {
    if (ex.isDone()) {
      return null;
    }
    ProxyServer proxy = ProxySelection.select(config, request);
    NettyRequest wire;
    try {
      wire = hopRequests.encode(ex, request, proxy);
    } catch (RuntimeException e) {
      ex.fail(e);
      return null;
    }
    Attempt attempt =
        ex.begin(
            Attempt.builder(ex, request, wire)
                .partitionKey(HopRequests.partitionKey(request, proxy))
                .proxy(proxy)
                .kind(kind)
                .freshConnection(fresh)
                .requestTimeoutNanos(TimeoutValues.requestTimeoutNanos(request, config))
                .readTimeoutNanos(TimeoutValues.readTimeoutNanos(request, config)));
    if (attempt == null || !ex.checkBudget()) {
      return null;
    }
    events.hopStarted(attempt);
    return attempt;
  }


  /**
   * HTTP/2 first: a stream of the partition's connection, or a wait for one (no permit), or this
   * hop opens the connection; else, and for the opener, a permit then a carrier. Also where a hop
   * that waited for an HTTP/2 connection goes on when it had to take another path.
   */
  private void dispatch(Attempt attempt) {
    H2Registry.Route route = h2.route(attempt);
    if (route == H2Registry.Route.HANDLED) {
      return;
    }
    // The opener of an HTTP/2 partition connects: a pooled channel could only be HTTP/1.1.
    boolean fresh = attempt.freshConnection() || route == H2Registry.Route.OPEN_CONNECTION;
    Exchange<?> ex = attempt.exchange();
    Object key = attempt.partitionKey();
    if (permits.tryAcquire(key)) {
      if (ex.attachPermit(key)) {
        obtainCarrier(attempt, fresh);
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
            obtainCarrier(attempt, fresh);
          }
        });
  }

  // ---- 2. a carrier: pooled or new

  private void obtainCarrier(Attempt attempt, boolean fresh) {
    if (!fresh) {
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
    connector.connect(
        attempt,
        ch -> {
          if (!h2.onConnected(attempt, ch)) {
            writer.write(attempt, ch);
          }
        });
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
    // A stream is never pooled: ChannelClosing ends it and its connection goes on.
    boolean reusable =
        keepAlive && !H2Streams.isStream(channel) && channel.isActive() && !clientClosed.getAsBoolean();
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
    Attempt attempt = begin(ex, next.request(), next.kind(), false);
    if (attempt == null) {
      ChannelClosing.close(carrier); // held by no attempt: nobody else would close it
      return;
    }
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
    if (H2Streams.isStream(channel)) {
      ChannelClosing.close(channel); // the stream ended; its connection stays
      return;
    }
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
