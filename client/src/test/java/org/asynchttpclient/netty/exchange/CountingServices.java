package org.asynchttpclient.netty.exchange;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.hop.HopEnd;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.Stub;
import org.asynchttpclient.uri.Uri;

/**
 * What exchanges need from a client, counted, with a {@link ManualTimer} as timer and clock: unit
 * tests of the outcome and the deadline arithmetic, without a network.
 */
public final class CountingServices implements ExchangeServices {
  public final ManualTimer timer = new ManualTimer();
  public final AtomicInteger recycled = new AtomicInteger();
  public final AtomicInteger closed = new AtomicInteger();
  public final AtomicInteger released = new AtomicInteger();
  public final AtomicInteger unregistered = new AtomicInteger();
  public final AtomicInteger timeouts = new AtomicInteger();
  /** Whether timeouts fail with the typed exceptions ({@code typedTimeoutExceptions}); set before use. */
  public volatile boolean typed = true;
  private final TimeoutScheduler scheduler;

  public CountingServices() {
    this(false);
  }

  public CountingServices(boolean useEventLoop) {
    this.scheduler = new TimeoutScheduler(timer, timer.ticker(), useEventLoop);
  }

  @Override
  public TimeoutScheduler timeouts() {
    return scheduler;
  }

  @Override
  public ExchangeEvents events() {
    return ExchangeEvents.NONE;
  }

  @Override
  public void recycle(Channel channel, Exchange<?> exchange) {
    recycled.incrementAndGet();
  }

  /** Hop ends reported through the door, in order. */
  public final java.util.List<HopEnd> hopEnds = new java.util.concurrent.CopyOnWriteArrayList<>();

  @Override
  public void hopEnded(HopEnd end) {
    hopEnds.add(end);
  }

  @Override
  public void closeChannel(Channel channel) {
    closed.incrementAndGet();
    channel.close();
  }

  @Override
  public void releasePermit(Object partitionKey) {
    released.incrementAndGet();
  }

  @Override
  public void unregister(Exchange<?> exchange) {
    unregistered.incrementAndGet();
  }

  @Override
  public void onTimeoutFired(ExchangeTimeoutException e) {
    timeouts.incrementAndGet();
  }

  @Override
  public boolean typedTimeoutExceptions() {
    return typed;
  }

  /**
   * A request to {@code http://fake.example:8080/} whose other methods return null: enough for the
   * outcome logic (a timeout's message names the URI's host and port).
   */
  public static Request fakeRequest() {
    Uri uri = Uri.create("http://fake.example:8080/");
    return Stub.of(Request.class, "fake", (method, args) -> method.equals("getUri") ? uri : null);
  }

  /** Starts the exchange's next attempt with the given request timeout. */
  public static Attempt begin(Exchange<?> ex, long requestTimeoutNanos) {
    return begin(ex, fakeRequest(), requestTimeoutNanos);
  }

  /** Starts the exchange's next attempt for {@code request}. */
  public static Attempt begin(Exchange<?> ex, Request request, long requestTimeoutNanos) {
    Attempt a =
        ex.begin(
            Attempt.builder(
                    ex,
                    request,
                    new NettyRequest(
                        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/")))
                .partitionKey("k")
                .requestTimeoutNanos(requestTimeoutNanos));
    if (a == null) {
      throw new IllegalStateException("exchange already ended: " + ex);
    }
    return a;
  }
}
