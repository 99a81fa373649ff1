package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.generator.FeedListener;
import org.asynchttpclient.request.body.generator.FeedableBodyGenerator;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class BodyGeneratorNettyBodyTest extends WireFixture {
  /**
   * A body that hands out fixed pieces, one per transferTo, then STOP; or, if {@code stopWithLast},
   * STOP together with the last piece, as AHC 3.0.12's contract allows.
   */
  private static final class PiecesBody implements Body {
    private final Deque<String> pieces;
    private final long declaredLength;
    private final boolean stopWithLast;
    boolean closed;

    PiecesBody(long declaredLength, boolean stopWithLast, String... pieces) {
      this.pieces = new ArrayDeque<>(Arrays.asList(pieces));
      this.declaredLength = declaredLength;
      this.stopWithLast = stopWithLast;
    }

    @Override
    public long getContentLength() {
      return declaredLength;
    }

    @Override
    public BodyState transferTo(ByteBuf target) {
      String piece = pieces.poll();
      if (piece == null) {
        return BodyState.STOP;
      }
      target.writeBytes(piece.getBytes(US_ASCII));
      return stopWithLast && pieces.isEmpty() ? BodyState.STOP : BodyState.CONTINUE;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private static final class PiecesGenerator implements BodyGenerator {
    final List<PiecesBody> created = new ArrayList<>();
    private final long declaredLength;
    private final boolean stopWithLast;
    private final String[] pieces;

    PiecesGenerator(long declaredLength, String... pieces) {
      this(declaredLength, false, pieces);
    }

    PiecesGenerator(long declaredLength, boolean stopWithLast, String... pieces) {
      this.declaredLength = declaredLength;
      this.stopWithLast = stopWithLast;
      this.pieces = pieces;
    }

    @Override
    public Body createBody() {
      PiecesBody body = new PiecesBody(declaredLength, stopWithLast, pieces);
      created.add(body);
      return body;
    }
  }

  /** A feedable generator over a queue: SUSPEND while empty, STOP once the last piece was consumed. */
  private static final class QueueFeedableGenerator implements FeedableBodyGenerator {
    final Queue<ByteBuf> queue = new ConcurrentLinkedQueue<>();
    volatile boolean last;
    volatile @Nullable FeedListener listener;

    @Override
    public boolean feed(ByteBuf buffer, boolean isLast) {
      queue.add(buffer);
      last = isLast;
      FeedListener current = listener;
      if (current != null) {
        current.onContentAdded();
      }
      return true;
    }

    @Override
    public void setListener(FeedListener listener) {
      this.listener = listener;
    }

    @Override
    public Body createBody() {
      return new Body() {
        @Override
        public long getContentLength() {
          return -1;
        }

        @Override
        public BodyState transferTo(ByteBuf target) {
          ByteBuf next = queue.poll();
          if (next == null) {
            return last ? BodyState.STOP : BodyState.SUSPEND;
          }
          target.writeBytes(next);
          next.release();
          return BodyState.CONTINUE;
        }

        @Override
        public void close() {
          for (ByteBuf left = queue.poll(); left != null; left = queue.poll()) {
            left.release();
          }
        }
      };
    }
  }

  @Test
  void unknownLengthGeneratorIsSentAsChunksEndingWithTheLastChunk() {
    PiecesGenerator generator = new PiecesGenerator(-1, "ab", "cde");
    NettyBody body = new BodyGeneratorNettyBody(generator, false, 16);
    assertEquals(-1, body.getContentLength());
    assertEquals("2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n", sent(body, -1));
    assertTrue(generator.created.get(0).closed);
  }

  @Test
  void lastBytesThatComeWithStopAreSent() {
    PiecesGenerator chunked = new PiecesGenerator(-1, true, "ab", "cde");
    assertEquals("2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n", sent(new BodyGeneratorNettyBody(chunked, false, 16), -1));

    PiecesGenerator sized = new PiecesGenerator(5, true, "ab", "cde");
    assertEquals("abcde", sent(new BodyGeneratorNettyBody(sized, false, 16), 5));
  }

  @Test
  void knownLengthGeneratorIsSentRaw() {
    NettyBody body = new BodyGeneratorNettyBody(new PiecesGenerator(5, "ab", "cde"), false, 16);
    assertEquals("abcde", sent(body));
  }

  @Test
  void aBodyShorterThanItsDeclaredLengthFailsTheWrite() {
    NettyBody body = new BodyGeneratorNettyBody(new PiecesGenerator(10, "ab"), false, 16);
    Wire.writeHead(channel, 10);
    ChannelFuture done = body.write(channel);
    assertFalse(done.isSuccess());
    assertInstanceOf(IOException.class, done.cause());
    assertEquals("request body ended after 2 bytes (expected the declared Content-Length 10)",
        done.cause().getMessage());
  }

  @Test
  void aNonReplayableGeneratorRefusesASecondWrite() {
    NettyBody body = new BodyGeneratorNettyBody(new PiecesGenerator(2, "ab"), false, 16);
    assertASecondWriteFails(body, 2);
  }

  @Test
  void aReplayableGeneratorGetsAFreshBodyPerWrite() {
    PiecesGenerator generator = new PiecesGenerator(4, "ab", "cd");
    NettyBody body = new BodyGeneratorNettyBody(generator, true, 16);
    for (int i = 0; i < 2; i++) {
      assertEquals("abcd", sent(body, 4));
    }
    assertEquals(2, generator.created.size());
  }

  @Test
  void releaseClosesTheBodyCreatedUpFrontWhenItWasNeverWritten() {
    PiecesGenerator generator = new PiecesGenerator(2, "ab");
    NettyBody body = new BodyGeneratorNettyBody(generator, false, 16);
    body.release();
    assertTrue(generator.created.get(0).closed);
  }

  /** Starts a chunked write of {@code generator}'s body before anything is fed; drains the head. */
  private ChannelFuture startUnfed(QueueFeedableGenerator generator) {
    NettyBody body = new BodyGeneratorNettyBody(generator, false, 16);
    Wire.writeHead(channel, -1);
    ChannelFuture done = body.write(channel);
    channel.runPendingTasks();
    Wire.drain(channel);
    return done;
  }

  @Test
  void feedableGeneratorResumesAfterSuspendWhenFed() {
    QueueFeedableGenerator generator = new QueueFeedableGenerator();
    ChannelFuture done = startUnfed(generator);
    assertFalse(done.isDone(), "nothing fed yet: the writer must be suspended");
    assertNotNull(generator.listener);

    ByteBuf first = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("abc".getBytes(US_ASCII));
    generator.feed(first, false);
    channel.runPendingTasks();
    assertEquals("3\r\nabc\r\n", Wire.drain(channel));
    assertFalse(done.isDone());
    assertEquals(0, first.refCnt());

    ByteBuf second = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("de".getBytes(US_ASCII));
    generator.feed(second, true);
    channel.runPendingTasks();
    assertEquals("2\r\nde\r\n0\r\n\r\n", Wire.drain(channel));
    assertTrue(done.isSuccess(), () -> "write failed: " + done.cause());
    assertEquals(0, second.refCnt());
  }

  @Test
  void feedableGeneratorErrorFailsTheWriteWithoutEndingTheMessage() {
    QueueFeedableGenerator generator = new QueueFeedableGenerator();
    ChannelFuture done = startUnfed(generator);
    FeedListener listener = generator.listener;
    assertNotNull(listener);
    listener.onError(new IllegalStateException("producer died"));
    channel.runPendingTasks();
    assertFalse(done.isSuccess());
    assertInstanceOf(IOException.class, done.cause());
    assertEquals("", Wire.drain(channel), "no terminating chunk may follow a failed body");
  }
}
