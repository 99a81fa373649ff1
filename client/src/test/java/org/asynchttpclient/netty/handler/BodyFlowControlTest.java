package org.asynchttpclient.netty.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.Response;
import org.asynchttpclient.ResponseBodyControl;
import org.asynchttpclient.exception.ReadTimeoutException;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.CountingServices;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.Stub;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The response reader with a body's flow control, on an embedded channel and a manual clock: what
 * the handler hears while its body is suspended (nothing), in which order it hears the rest on
 * resume, what autoRead the channel is left with, how cancel ends the exchange, where
 * onResponseBodyStart comes and where it does not, and the read timeout's pause.
 */
class BodyFlowControlTest {
  private static final long READ_TIMEOUT = TimeUnit.SECONDS.toNanos(1);

  private final CountingServices services = new CountingServices();
  private final ResponseHandler responses =
      new ResponseHandler(
          new DefaultAsyncHttpClientConfig.Builder().build(),
          Stub.of(HopDecider.class, "no follow-ups", (method, args) -> null),
          Stub.of(ChannelPool.class, "pool", (method, args) -> {
            if (method.equals("removeAll")) {
              return true; // the channel closed after its exchange: nothing pooled here
            }
            throw Stub.unexpected(method);
          }));
  private final EmbeddedChannel ch = new EmbeddedChannel(responses);

  @AfterEach
  void finish() {
    ch.finishAndReleaseAll();
  }

  /** Records onResponseBodyStart too, keeps the control, and runs a test's action in callbacks. */
  static class Controlled extends RecordingHandler {
    volatile @Nullable ResponseBodyControl control;
    volatile Consumer<ResponseBodyControl> atBodyStart = c -> {};
    volatile Consumer<ResponseBodyControl> atPart = c -> {};

    @Override
    public State onResponseBodyStart(ResponseBodyControl c) {
      events().add("bodyStart");
      control = c;
      atBodyStart.accept(c);
      return State.CONTINUE;
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart part) {
      State s = super.onBodyPartReceived(part);
      ResponseBodyControl c = control;
      if (c != null) {
        atPart.accept(c);
      }
      return s;
    }

    ResponseBodyControl control() {
      ResponseBodyControl c = control;
      assertNotNull(c, "onResponseBodyStart was called");
      return c;
    }
  }

  private Attempt start(AsyncHandler<Response> handler) {
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), handler, false, -1);
    Attempt a =
        ex.begin(
            Attempt.builder(ex, CountingServices.fakeRequest(), request())
                .partitionKey("k")
                .readTimeoutNanos(READ_TIMEOUT));
    assertNotNull(a);
    assertTrue(a.attachCarrier(ch));
    responses.bind(ch, a, request());
    responses.onRequestWritten(a);
    return a;
  }

  private static NettyRequest request() {
    return new NettyRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/"));
  }

  private static DefaultHttpResponse ok() {
    return new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
  }

  private static DefaultHttpContent part(String text) {
    return new DefaultHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
  }

  private static DefaultLastHttpContent last(String text) {
    return new DefaultLastHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
  }

  private static String body(RecordingHandler h) {
    return new String(h.bodyBytes(), StandardCharsets.US_ASCII);
  }

  @Test
  void whatIsReadWhileSuspendedIsHeldInOrderAndDeliveredOnResume() {
    Controlled h = new Controlled();
    h.atBodyStart = ResponseBodyControl::suspend;
    start(h);

    ch.writeInbound(ok(), part("ab"), part("cd"), last("ef"));
    assertEquals(List.of("status", "bodyStart"), h.names(), "nothing of the body while suspended");
    assertFalse(ch.config().isAutoRead(), "the channel is not read while suspended");
    assertEquals(0, h.terminals());

    h.control().resume();
    assertEquals(List.of("status", "bodyStart", "part", "part", "part", "completed"), h.names());
    assertEquals("abcdef", body(h));
    assertTrue(ch.config().isAutoRead(), "reads restart with the resume");
    assertEquals(1, h.terminals());
  }

  @Test
  void aSuspendInsideAPartHoldsTheRestOfTheBatchAndAResumeInsideTheDrainGoesOn() {
    Controlled h = new Controlled();
    int[] parts = {0};
    h.atPart = c -> {
      if (++parts[0] == 1) {
        c.suspend();
      } else if (parts[0] == 2) {
        // delivered by the resume: a suspend and resume inside it leave the rest in order
        c.suspend();
        c.resume();
      }
    };
    start(h);

    ch.writeInbound(ok(), part("1"), part("2"), part("3"), last(""));
    assertEquals("1", body(h));
    h.control().resume();
    assertEquals("123", body(h));
    assertEquals(1, h.terminals());
    assertNull(h.failure());
    assertTrue(ch.config().isAutoRead());
  }

  @Test
  void aResumeThatIsNotAfterASuspendAndASecondSuspendDoNothing() {
    Controlled h = new Controlled();
    start(h);
    ch.writeInbound(ok());
    h.control().resume();
    assertTrue(ch.config().isAutoRead());
    h.control().suspend();
    h.control().suspend();
    ch.writeInbound(part("x"));
    assertEquals(0, h.bodyLength());
    h.control().resume();
    assertEquals(1, h.bodyLength());
    assertTrue(ch.config().isAutoRead());
  }

  @Test
  void cancelCompletesNormallyWithThePartsSoFarAndClosesTheConnection() {
    Controlled h = new Controlled();
    h.atPart = ResponseBodyControl::cancel;
    start(h);

    ch.writeInbound(ok(), part("ab"), part("cd"), last(""));
    assertEquals(List.of("status", "bodyStart", "part", "completed"), h.names());
    assertEquals("ab", body(h));
    assertNull(h.failure());
    assertEquals(1, services.closed.get(), "a body not read to its end: the connection is closed");
    assertEquals(0, services.recycled.get());
  }

  @Test
  void cancelWhileSuspendedDropsWhatWasHeld() {
    Controlled h = new Controlled();
    h.atBodyStart = ResponseBodyControl::suspend;
    start(h);
    ch.writeInbound(ok(), part("ab"));

    h.control().cancel();
    assertEquals(List.of("status", "bodyStart", "completed"), h.names());
    assertEquals(1, services.closed.get());
    assertFalse(ch.isOpen());
  }

  @Test
  void cancelInsideACallbackTakesEffectAsItReturns() {
    Controlled h = new Controlled();
    int[] endedInside = {-1};
    h.atPart = c -> {
      c.cancel();
      endedInside[0] = h.terminals();
    };
    start(h);
    ch.writeInbound(ok(), part("ab"), part("cd"));
    assertEquals(0, endedInside[0], "the reader is not ended under the callback's feet");
    assertEquals(List.of("status", "bodyStart", "part", "completed"), h.names());
  }

  @Test
  void cancelInsideTheLastPartLetsTheResponseCompleteAsItWould() {
    Controlled h = new Controlled();
    h.atPart = c -> {
      if (h.bodyLength() == 4) {
        c.cancel();
      }
    };
    start(h);
    ch.writeInbound(ok(), part("ab"), last("cd"));
    assertEquals(List.of("status", "bodyStart", "part", "part", "completed"), h.names());
    assertEquals(1, h.terminals());
  }

  @Test
  void callsAfterTheEndDoNothing() {
    Controlled h = new Controlled();
    start(h);
    ch.writeInbound(ok(), last("done"));
    assertEquals(1, h.terminals());

    ResponseBodyControl c = h.control();
    c.suspend();
    assertTrue(ch.config().isAutoRead(), "a suspend after the end leaves the channel alone");
    c.resume();
    c.cancel();
    assertEquals(1, h.terminals());
    assertEquals(List.of("status", "bodyStart", "part", "completed"), h.names());
  }

  @Test
  void abortFromBodyStartEndsTheExchangeAsAnAbortFromHeaders() {
    Controlled h =
        new Controlled() {
          @Override
          public State onResponseBodyStart(ResponseBodyControl c) {
            super.onResponseBodyStart(c);
            return State.ABORT;
          }
        };
    start(h);
    ch.writeInbound(ok(), part("ignored"));
    assertEquals(List.of("status", "bodyStart", "completed"), h.names());
    assertEquals(1, services.closed.get());
  }

  @Test
  void calledForTheFinalResponseOnlyAndForOneWithoutABody() {
    Controlled h = new Controlled();
    start(h);
    ch.writeInbound(
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(103)),
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT),
        new DefaultLastHttpContent());
    assertEquals(List.of("status", "bodyStart", "part", "completed"), h.names());
    assertEquals(204, h.status());
  }

  @Test
  void theReadTimeoutWaitsWhileSuspendedAndCountsFromTheResume() {
    Controlled h = new Controlled();
    Attempt a = start(h);
    a.armReadTimeout(ch.eventLoop());
    ch.writeInbound(ok(), part("ab"));
    ch.runPendingTasks();
    h.control().suspend();

    // Five budgets of silence while suspended: the read timeout does not fire.
    for (int i = 0; i < 5; i++) {
      services.timer.advance(Duration.ofMillis(1000));
    }
    // Half a budget on: the resume falls between two of the paused timeout's looks.
    services.timer.advance(Duration.ofMillis(500));
    assertEquals(0, h.terminals(), "no read timeout while suspended: " + h.events());

    h.control().resume();
    services.timer.advance(Duration.ofMillis(999));
    assertEquals(0, h.terminals(), "the resume counts as a read");
    services.timer.advance(Duration.ofMillis(2));
    assertEquals(1, h.terminals());
    assertInstanceOf(ReadTimeoutException.class, h.failure(), "typed: " + h.failure());
  }
}
