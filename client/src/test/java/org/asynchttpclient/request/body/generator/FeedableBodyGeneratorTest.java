package org.asynchttpclient.request.body.generator;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.Body.BodyState;
import org.junit.jupiter.api.Test;

class FeedableBodyGeneratorTest {
  /** The generator most tests feed (the others make their own kind) and where bodies are drained to. */
  private final UnboundedQueueFeedableBodyGenerator generator = new UnboundedQueueFeedableBodyGenerator();
  private final StringBuilder sink = new StringBuilder();

  private static ByteBuf ascii(String text) {
    return Unpooled.copiedBuffer(text, US_ASCII);
  }

  /** Calls transferTo once with a fixed-size buffer; returns the state and appends what came. */
  private static BodyState step(Body body, int size, StringBuilder sink) throws Exception {
    ByteBuf target = Unpooled.buffer(size, size);
    try {
      BodyState state = body.transferTo(target);
      sink.append(target.toString(US_ASCII));
      return state;
    } finally {
      target.release();
    }
  }

  @Test
  void suspendsWhenEmptyAndStopsAfterTheLastChunk() throws Exception {
    Body body = generator.createBody();
    assertEquals(-1, body.getContentLength());
    assertEquals(BodyState.SUSPEND, step(body, 7, sink));

    ByteBuf first = ascii("0123456789");
    assertTrue(generator.feed(first, false));
    assertEquals(BodyState.CONTINUE, step(body, 4, sink));
    assertEquals(BodyState.CONTINUE, step(body, 4, sink));
    assertEquals(2, first.refCnt(), "the caller's reference and the queue's");
    assertEquals(BodyState.CONTINUE, step(body, 4, sink));
    assertEquals(1, first.refCnt(), "written: only the caller's is left");
    assertEquals(BodyState.SUSPEND, step(body, 4, sink));

    ByteBuf last = ascii("ab");
    assertTrue(generator.feed(last, true));
    assertEquals(BodyState.CONTINUE, step(body, 4, sink));
    assertEquals(BodyState.STOP, step(body, 4, sink));
    assertEquals(BodyState.STOP, step(body, 4, sink));
    assertEquals("0123456789ab", sink.toString());
    assertEquals(1, last.refCnt());
    body.close();
    assertTrue(first.release());
    assertTrue(last.release());
  }

  @Test
  void callerKeepsItsReferenceAndMayReleaseItAfterFeeding() throws Exception {
    // 3.0.11 never releases a fed buffer: the caller's reference stays the caller's to release.
    Body body = generator.createBody();
    ByteBuf releasedEarly = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("early ".getBytes(US_ASCII));
    ByteBuf releasedLate = PooledByteBufAllocator.DEFAULT.buffer().writeBytes("late".getBytes(US_ASCII));
    assertTrue(generator.feed(releasedEarly, false));
    assertTrue(releasedEarly.release() == false, "the generator holds its own reference until it is written");
    assertTrue(generator.feed(releasedLate, true));
    assertEquals(BodyState.CONTINUE, step(body, 64, sink));
    assertEquals(BodyState.STOP, step(body, 64, sink));
    assertEquals("early late", sink.toString());
    assertEquals(0, releasedEarly.refCnt());
    assertEquals(1, releasedLate.refCnt());
    assertTrue(releasedLate.release());
    body.close();
  }

  @Test
  void emptyLastChunkStopsWithoutWriting() throws Exception {
    Body body = generator.createBody();
    ByteBuf data = ascii("xyz");
    ByteBuf end = Unpooled.buffer(0);
    generator.feed(data, false);
    generator.feed(end, true);
    assertEquals(BodyState.CONTINUE, step(body, 3, sink));
    assertEquals(BodyState.STOP, step(body, 3, sink));
    assertEquals("xyz", sink.toString());
    assertEquals(1, data.refCnt());
    assertEquals(1, end.refCnt());
    assertTrue(data.release());
    assertTrue(end.release());
  }

  @Test
  void closeReleasesQueuedChunksAndLateFeeds() throws Exception {
    Body body = generator.createBody();
    ByteBuf partlyRead = ascii("partly read");
    ByteBuf unread = ascii("unread");
    generator.feed(partlyRead, false);
    generator.feed(unread, false);
    assertEquals(BodyState.CONTINUE, step(body, 6, sink));
    assertEquals("partly", sink.toString());

    body.close();
    assertEquals(1, partlyRead.refCnt(), "closed: the queue let go of its reference");
    assertEquals(1, unread.refCnt());
    assertEquals(BodyState.STOP, step(body, 6, sink));

    ByteBuf late = ascii("late");
    assertTrue(generator.feed(late, true));
    assertEquals(1, late.refCnt());
    assertTrue(partlyRead.release());
    assertTrue(unread.release());
    assertTrue(late.release());
  }

  /** A listener of two callbacks: what to do on each feed, and on a failed one. */
  private static FeedListener listener(Runnable onAdded, Consumer<Throwable> onError) {
    return new FeedListener() {
      @Override
      public void onContentAdded() {
        onAdded.run();
      }

      @Override
      public void onError(Throwable t) {
        onError.accept(t);
      }
    };
  }

  @Test
  void listenerHearsEveryFeed() throws Exception {
    AtomicInteger added = new AtomicInteger();
    generator.setListener(
        listener(
            added::incrementAndGet,
            t -> {
              throw new AssertionError("unexpected", t);
            }));
    Body body = generator.createBody();
    generator.feed(ascii("a"), false);
    generator.feed(ascii("b"), true);
    assertEquals(2, added.get());
    body.close();
  }

  @Test
  void listenerHearsAFailedOffer() {
    IllegalStateException failure = new IllegalStateException("queue broken");
    QueueBasedFeedableBodyGenerator<ConcurrentLinkedQueue<BodyChunk>> generator =
        new QueueBasedFeedableBodyGenerator<>(new ConcurrentLinkedQueue<>()) {
          @Override
          protected boolean offer(BodyChunk chunk) {
            throw failure;
          }
        };
    AtomicReference<Throwable> heard = new AtomicReference<>();
    generator.setListener(
        listener(
            () -> {
              throw new AssertionError("nothing was added");
            },
            heard::set));
    ByteBuf buffer = ascii("kept by the caller");
    try {
      assertSame(failure, assertThrows(IllegalStateException.class, () -> generator.feed(buffer, true)));
      assertSame(failure, heard.get());
      assertEquals(1, buffer.refCnt());
    } finally {
      buffer.release();
    }
  }

  @Test
  void boundedQueueRefusesWhenFullAndLeavesTheBufferToTheCaller() throws Exception {
    BoundedQueueFeedableBodyGenerator generator = new BoundedQueueFeedableBodyGenerator(2);
    Body body = generator.createBody();
    AtomicInteger added = new AtomicInteger();
    generator.setListener(listener(added::incrementAndGet, t -> {}));
    assertTrue(generator.feed(ascii("one "), false));
    assertTrue(generator.feed(ascii("two "), false));
    ByteBuf third = ascii("three");
    assertFalse(generator.feed(third, true));
    assertEquals(1, third.refCnt());
    assertEquals(2, added.get());

    assertEquals(BodyState.CONTINUE, step(body, 64, sink));
    assertTrue(generator.feed(third, true));
    assertEquals(BodyState.CONTINUE, step(body, 64, sink));
    assertEquals(BodyState.STOP, step(body, 64, sink));
    assertEquals("one two three", sink.toString());
    assertEquals(1, third.refCnt());
    assertTrue(third.release());
  }

  @Test
  void boundedQueueRefusesZeroCapacity() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BoundedQueueFeedableBodyGenerator(0));
    assertEquals("capacity: 0 (expected >= 1)", e.getMessage());
  }

  @Test
  void drainsWhileAnotherThreadFeeds() throws Exception {
    Semaphore fed = new Semaphore(0);
    generator.setListener(listener(fed::release, t -> {}));
    Body body = generator.createBody();
    List<ByteBuf> chunks = new ArrayList<>();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    for (int i = 0; i < 200; i++) {
      byte[] bytes = ("chunk-" + i + ";").getBytes(US_ASCII);
      expected.write(bytes);
      chunks.add(Unpooled.wrappedBuffer(bytes));
    }
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService producer = Executors.newSingleThreadExecutor();
    try {
      Future<?> feeding =
          producer.submit(
              () -> {
                start.await();
                for (int i = 0; i < chunks.size(); i++) {
                  assertTrue(generator.feed(chunks.get(i), i == chunks.size() - 1));
                  chunks.get(i).release(); // the producer is done with it at once
                }
                return null;
              });
      start.countDown();
      StringBuilder sink = new StringBuilder();
      BodyState state;
      while ((state = step(body, 7, sink)) != BodyState.STOP) {
        if (state == BodyState.SUSPEND) {
          assertTrue(fed.tryAcquire(10, TimeUnit.SECONDS), "producer stalled");
        }
      }
      feeding.get(10, TimeUnit.SECONDS);
      assertEquals(expected.toString(US_ASCII), sink.toString());
      for (ByteBuf chunk : chunks) {
        assertEquals(0, chunk.refCnt());
      }
    } finally {
      producer.shutdownNow();
      body.close();
    }
  }
}
