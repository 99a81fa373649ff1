package org.asynchttpclient.netty.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/**
 * Every message read pushes the read timeout back: what the attempt records as its last read, on
 * a manual clock. (Reading the clock once per read batch instead was measured and bought under 3%:
 * docs/benchmarks.md, "Ablation".)
 */
class ReadTouchTest {
  private final CountingServices services = new CountingServices();

  @Test
  void everyMessageReadIsTheLastRead() {
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
    Attempt attempt = CountingServices.begin(ex, -1);
    ResponseHandler responses = ResponseHandlerLookupTest.handler();
    EmbeddedChannel ch = new EmbeddedChannel(responses);
    responses.bind(ch, attempt, new NettyRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/")));
    long t0 = services.timer.ticker().nanoTime();

    advanceMillis(5);
    // Content before any response head: read (and touched) but handed to nobody.
    ch.pipeline().fireChannelRead(content());
    assertEquals(t0 + millis(5), attempt.lastReadNanos(), "the first message");
    advanceMillis(5);
    ch.pipeline().fireChannelRead(content());
    assertEquals(t0 + millis(10), attempt.lastReadNanos(), "a later message of the same batch");
    advanceMillis(5);
    ch.pipeline().fireChannelReadComplete();
    assertEquals(t0 + millis(10), attempt.lastReadNanos(), "the batch's end reads nothing");
    assertFalse(attempt.isOver());
    ch.finishAndReleaseAll();
  }

  private static DefaultHttpContent content() {
    return new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[] {'x'}));
  }

  private void advanceMillis(long ms) {
    services.timer.clock().advance(ms, TimeUnit.MILLISECONDS);
  }

  private static long millis(long ms) {
    return TimeUnit.MILLISECONDS.toNanos(ms);
  }
}
