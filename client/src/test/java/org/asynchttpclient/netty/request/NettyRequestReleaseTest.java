package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link NettyRequest#release()} frees the content of a full request head once, as 3.0.12's does
 * (upstream {@code NettyRequestTest.releaseFreesTheRequestBodyExactlyOnce}, {@code
 * releaseIsIdempotent}), and leaves alone a head a channel already wrote and freed.
 */
class NettyRequestReleaseTest {

  private static ByteBuf content(String text) {
    return Unpooled.buffer().writeBytes(text.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void theHeadsContentIsFreedOnceHoweverOftenReleaseIsCalled() {
    ByteBuf content = content("form=1");
    content.retain(); // one reference for the test, to watch the request's own go
    NettyRequest request =
        new NettyRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/", content));
    request.release();
    assertEquals(1, content.refCnt(), "the request gave up its reference");
    request.release();
    request.release();
    assertEquals(1, content.refCnt(), "and only its own: the test's is still there");
    content.release();
  }

  @Test
  void aHeadTheChannelAlreadyWroteIsNotFreedAgain() {
    ByteBuf content = content("form=1");
    NettyRequest request =
        new NettyRequest(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/", content));
    EmbeddedChannel channel = new EmbeddedChannel(new HttpRequestEncoder());
    channel.writeOutbound(request.getHttpRequest());
    for (Object written; (written = channel.readOutbound()) != null; ) {
      ReferenceCountUtil.release(written);
    }
    assertEquals(0, content.refCnt(), "the encoder freed what it wrote");
    request.release(); // would throw IllegalReferenceCountException if it released again
    channel.finishAndReleaseAll();
  }

  @Test
  void aBodylessHeadIsReleasedSafely() {
    NettyRequest request = new NettyRequest(
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/", Unpooled.EMPTY_BUFFER));
    request.release();
    request.release();
    assertEquals(1, Unpooled.EMPTY_BUFFER.refCnt());
  }
}
