package org.asynchttpclient.request.body.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import org.asynchttpclient.request.body.Body;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

class ReactiveStreamsBodyGeneratorTest {
  private final Publisher<ByteBuf> publisher = subscriber -> {};

  @Test
  void exposesPublisherAndLength() {
    ReactiveStreamsBodyGenerator generator = new ReactiveStreamsBodyGenerator(publisher, 12);
    assertSame(publisher, generator.getPublisher());
    assertEquals(12, generator.getContentLength());
    assertEquals(12, generator.createBody().getContentLength());
    assertEquals(-1, new ReactiveStreamsBodyGenerator(publisher, -1).getContentLength());
  }

  @Test
  void refusesALengthBelowMinusOne() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ReactiveStreamsBodyGenerator(publisher, -2));
    assertEquals("contentLength: -2 (expected >= -1)", e.getMessage());
  }

  @Test
  void itsBodyCannotBeReadDirectly() throws IOException {
    Body body = new ReactiveStreamsBodyGenerator(publisher, 3).createBody();
    ByteBuf target = Unpooled.buffer(8);
    try {
      assertThrows(IOException.class, () -> body.transferTo(target));
      assertEquals(0, target.readableBytes());
    } finally {
      target.release();
      body.close();
    }
  }
}
