package org.asynchttpclient.netty.channel;

import static org.asynchttpclient.netty.channel.DecodedMessages.CONTENT;
import static org.asynchttpclient.netty.channel.DecodedMessages.LAST;
import static org.asynchttpclient.netty.channel.DecodedMessages.MESSAGE;
import static org.asynchttpclient.netty.channel.DecodedMessages.RESPONSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.api.Test;

/** {@link DecodedMessages}: the exact-class answers agree with the interfaces each class implements. */
class DecodedMessagesTest {

  @Test
  void classifiesTheDecodersClassesAsTheirInterfacesWould() {
    DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
    assertEquals(MESSAGE | RESPONSE, DecodedMessages.kind(head));
    assertSame(head, DecodedMessages.message(head));
    assertSame(head, DecodedMessages.response(head));

    DefaultHttpContent part = new DefaultHttpContent(Unpooled.buffer(1));
    assertEquals(CONTENT, DecodedMessages.kind(part));
    assertSame(part, DecodedMessages.content(part));
    DecodedMessages.release(part);
    assertEquals(0, part.refCnt(), "a body part is released");

    DefaultLastHttpContent last = new DefaultLastHttpContent(Unpooled.buffer(1));
    last.trailingHeaders().set("x-trailer", "t");
    assertEquals(CONTENT | LAST, DecodedMessages.kind(last));
    assertSame(last, DecodedMessages.content(last));
    assertEquals("t", DecodedMessages.last(last).trailingHeaders().get("x-trailer"));
    DecodedMessages.release(last);
    assertEquals(0, last.refCnt(), "a last part is released");

    assertEquals(CONTENT | LAST, DecodedMessages.kind(LastHttpContent.EMPTY_LAST_CONTENT));
  }

  @Test
  void classifiesOtherClassesByTheirInterfaces() {
    DefaultFullHttpResponse full =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.buffer(1));
    assertEquals(MESSAGE | RESPONSE | CONTENT | LAST, DecodedMessages.kind(full));
    assertSame(full, DecodedMessages.response(full));
    assertSame(full, DecodedMessages.content(full));
    assertSame(full, DecodedMessages.last(full));
    DecodedMessages.release(full);
    assertEquals(0, full.refCnt(), "a full response is released through its interface");

    assertEquals(MESSAGE, DecodedMessages.kind(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/")));

    ByteBuf raw = Unpooled.buffer(1);
    assertEquals(0, DecodedMessages.kind(raw));
    DecodedMessages.release(raw);
    assertEquals(0, raw.refCnt(), "anything else reference-counted is released too");
  }
}
