package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.timeout.AttemptTimeouts;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.asynchttpclient.testing.ManualTimer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Where a read timeout ends after a read: one read timeout after the last read, not a whole read
 * timeout after the moment its timer noticed that read. The first byte of a response comes 100 ms
 * after the write, then nothing: with a read timeout of 500 ms the exchange ends at 600 ms.
 * (AsyncHttpClient 3.0.14 re-arms a full read timeout when its timer finds a recent read, and
 * ends the same exchange at about 1000 ms.) A manual clock makes the edge exact.
 */
class ReadTimeoutEdgeTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private final ManualTimer timer = new ManualTimer();
  private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

  @AfterEach
  void stop() {
    timer.stop();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** An attempt whose last read the test sets, recording when its read timeout expired. */
  private static final class Reads implements AttemptTimeouts.Owner {
    volatile long lastRead;
    volatile @Nullable Long expiredAt;

    @Override
    public boolean isOver() {
      return expiredAt != null;
    }

    @Override
    public long lastReadNanos() {
      return lastRead;
    }

    @Override
    public void onExpired(
        ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos, long nowNanos) {
      assertEquals(ExchangeTimeoutException.Kind.READ, kind);
      expiredAt = nowNanos;
    }
  }

  @Test
  void aReadTimeoutEndsOneBudgetAfterTheLastReadNotAfterItsTimerNoticedTheRead() {
    Reads attempt = new Reads();
    AttemptTimeouts timeouts =
        new AttemptTimeouts(new TimeoutScheduler(timer, timer.ticker(), false), attempt);
    long written = timer.ticker().nanoTime();
    attempt.lastRead = written;
    timeouts.armRead(500 * MS, group.next());

    timer.advance(Duration.ofMillis(100));
    attempt.lastRead = timer.ticker().nanoTime(); // the first byte, then silence
    timer.advance(Duration.ofMillis(400)); // 500 ms after the write the timer finds that read
    assertNull(attempt.expiredAt, "500 ms after the write: 400 ms of silence only");
    timer.advance(Duration.ofMillis(99));
    assertNull(attempt.expiredAt, "599 ms after the write: 499 ms of silence only");
    timer.advance(Duration.ofMillis(1));
    Long expiredAt = attempt.expiredAt;
    assertNotNull(expiredAt, "600 ms after the write, 500 ms after the last read: not expired");
    assertEquals(600 * MS, expiredAt - written, "ends 500 ms after the last read");
    assertEquals(0, timer.pendingCount(), "nothing left on the timer");
  }
}
