package org.asynchttpclient.netty.handler;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.netty.hop.HopDecider;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.testing.Stub;
import org.junit.jupiter.api.Test;

/** Finding a carrier's response handler, with and without a user's handler after it. */
class ResponseHandlerLookupTest {
  /** A response handler whose decider and pool fail the test when asked anything. */
  static ResponseHandler handler() {
    return new ResponseHandler(
        new DefaultAsyncHttpClientConfig.Builder().build(),
        Stub.of(HopDecider.class, "decider", (method, args) -> {
          throw Stub.unexpected(method);
        }),
        Stub.of(ChannelPool.class, "pool", (method, args) -> {
          throw Stub.unexpected(method);
        }));
  }

  @Test
  void theLastHandler() {
    ResponseHandler responses = handler();
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelInboundHandlerAdapter(), responses);
    assertSame(responses, ResponseHandler.of(ch));
    ch.finishAndReleaseAll();
  }

  @Test
  void foundBehindAHandlerAUserAddedAfterIt() {
    ResponseHandler responses = handler();
    EmbeddedChannel ch = new EmbeddedChannel(responses, new ChannelInboundHandlerAdapter());
    assertSame(responses, ResponseHandler.of(ch));
    ch.finishAndReleaseAll();
  }

  @Test
  void noneOnAPipelineWithout() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    assertNull(ResponseHandler.of(ch));
    ch.finishAndReleaseAll();
  }
}
