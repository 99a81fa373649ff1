package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CancellationException;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

class ReactiveNettyBodyTest extends WireFixture {
  /** A publisher driven by the test: records demand and cancellation, emits when told. */
  private static final class ManualPublisher implements Publisher<ByteBuf> {
    @Nullable Subscriber<? super ByteBuf> subscriber;
    int subscriptions;
    long requested;
    boolean cancelled;

    @Override
    public void subscribe(Subscriber<? super ByteBuf> s) {
      subscriptions++;
      subscriber = s;
      s.onSubscribe(new Subscription() {
        @Override
        public void request(long n) {
          requested += n;
        }

        @Override
        public void cancel() {
          cancelled = true;
        }
      });
    }

    Subscriber<? super ByteBuf> subscriber() {
      Subscriber<? super ByteBuf> s = subscriber;
      assertNotNull(s, "not subscribed");
      return s;
    }

    ByteBuf emit(String content) {
      ByteBuf buffer = PooledByteBufAllocator.DEFAULT.buffer().writeBytes(content.getBytes(US_ASCII));
      subscriber().onNext(buffer);
      return buffer;
    }
  }

  private ChannelFuture start(ReactiveNettyBody body) {
    Wire.writeHead(channel, body.getContentLength());
    Wire.drain(channel);
    ChannelFuture done = body.write(channel);
    channel.runPendingTasks();
    return done;
  }

  @Test
  void buffersAreWrittenInOrderOneRequestAtATime() {
    ManualPublisher publisher = new ManualPublisher();
    ReactiveNettyBody body = new ReactiveNettyBody(publisher, -1);
    ChannelFuture done = start(body);
    assertEquals(1, publisher.requested, "one buffer requested up front");

    ByteBuf first = publisher.emit("ab");
    channel.runPendingTasks();
    assertEquals("2\r\nab\r\n", Wire.drain(channel));
    assertEquals(2, publisher.requested, "the next buffer is requested once the previous one was written");

    ByteBuf second = publisher.emit("cde");
    channel.runPendingTasks();
    publisher.subscriber().onComplete();
    channel.runPendingTasks();
    assertEquals("3\r\ncde\r\n0\r\n\r\n", Wire.drain(channel));
    assertTrue(done.isSuccess(), () -> "write failed: " + done.cause());
    assertEquals(0, first.refCnt());
    assertEquals(0, second.refCnt());
    assertFalse(publisher.cancelled);
  }

  @Test
  void knownLengthIsSentRaw() {
    ManualPublisher publisher = new ManualPublisher();
    ChannelFuture done = start(new ReactiveNettyBody(publisher, 5));
    publisher.emit("ab");
    channel.runPendingTasks();
    publisher.emit("cde");
    publisher.subscriber().onComplete();
    channel.runPendingTasks();
    assertEquals("abcde", Wire.drain(channel));
    assertTrue(done.isSuccess(), () -> "write failed: " + done.cause());
  }

  @Test
  void channelClosedMidBodyCancelsTheSubscriptionAndReleasesLateBuffers() {
    ManualPublisher publisher = new ManualPublisher();
    ChannelFuture done = start(new ReactiveNettyBody(publisher, -1));
    ByteBuf written = publisher.emit("ab");
    channel.runPendingTasks();
    Wire.drain(channel);

    // Queued for the loop; EmbeddedChannel runs pending tasks as it closes, so this one may still reach the wire.
    ByteBuf inFlight = publisher.emit("cd");
    channel.close().syncUninterruptibly();
    assertTrue(publisher.cancelled);
    assertFalse(done.isSuccess());
    assertInstanceOf(ClosedChannelException.class, done.cause());

    ByteBuf late = publisher.emit("ef"); // a publisher may still deliver after cancel
    channel.runPendingTasks();
    Wire.drain(channel);
    assertEquals(0, written.refCnt());
    assertEquals(0, inFlight.refCnt());
    assertEquals(0, late.refCnt());
  }

  @Test
  void publisherErrorFailsTheWriteWithoutEndingTheMessage() {
    ManualPublisher publisher = new ManualPublisher();
    ChannelFuture done = start(new ReactiveNettyBody(publisher, -1));
    IllegalStateException boom = new IllegalStateException("source failed");
    publisher.subscriber().onError(boom);
    channel.runPendingTasks();
    assertSame(boom, done.cause());
    assertEquals("", Wire.drain(channel));
  }

  @Test
  void moreBytesThanDeclaredFailsAndCancels() {
    ManualPublisher publisher = new ManualPublisher();
    ChannelFuture done = start(new ReactiveNettyBody(publisher, 3));
    ByteBuf tooLong = publisher.emit("abcd");
    channel.runPendingTasks();
    assertInstanceOf(IOException.class, done.cause());
    assertTrue(publisher.cancelled);
    assertEquals(0, tooLong.refCnt());
    assertEquals("", Wire.drain(channel));
  }

  @Test
  void releaseCancelsALiveSubscription() {
    ManualPublisher publisher = new ManualPublisher();
    ReactiveNettyBody body = new ReactiveNettyBody(publisher, -1);
    ChannelFuture done = start(body);
    body.release();
    channel.runPendingTasks();
    assertTrue(publisher.cancelled);
    assertInstanceOf(CancellationException.class, done.cause());
  }

  @Test
  void notReplayable() {
    ManualPublisher publisher = new ManualPublisher();
    ReactiveNettyBody body = new ReactiveNettyBody(publisher, -1);
    assertFalse(body.isReplayable());
    assertFalse(start(body).isDone(), "the first write waits for the publisher");
    ChannelFuture again = body.write(channel);
    assertInstanceOf(IllegalStateException.class, again.cause());
    assertEquals(1, publisher.subscriptions);
  }

  @Test
  void aClosedChannelIsNeverSubscribedTo() {
    ManualPublisher publisher = new ManualPublisher();
    channel.close().syncUninterruptibly();
    ChannelFuture done = new ReactiveNettyBody(publisher, -1).write(channel);
    channel.runPendingTasks();
    assertEquals(0, publisher.subscriptions);
    assertInstanceOf(ClosedChannelException.class, done.cause());
  }
}
