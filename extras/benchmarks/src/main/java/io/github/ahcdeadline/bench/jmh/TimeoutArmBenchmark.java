package io.github.ahcdeadline.bench.jmh;

import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.concurrent.ScheduledFuture;
import io.netty.util.concurrent.Ticker;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.timeout.AttemptTimeouts;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one request pays to arm and cancel its timeout, as the client does on an event loop thread:
 * {@link HashedWheelTimer#newTimeout} + cancel against {@link EventLoop#schedule} + cancel, and the
 * client's own request timeout ({@link AttemptTimeouts}: its holder, its task, and in timer mode
 * its place in the loop's shared deadlines, in event-loop mode its schedule on the loop). Each
 * operation is one arm/cancel pair, run in batches of {@value #BATCH} inside the loop. The two client rows run against whichever
 * client jar is on the classpath: put an older build's there to see what a change did.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TimeoutArmBenchmark {
  static final int BATCH = 1000;

  private MultiThreadIoEventLoopGroup group;
  private EventLoop loop;
  private HashedWheelTimer wheel;
  private TimeoutScheduler timerMode;
  private TimeoutScheduler loopMode;

  /** An attempt that never ends by itself; its timeouts are cancelled before they fire. */
  private static final AttemptTimeouts.Owner OWNER =
      new AttemptTimeouts.Owner() {
        @Override
        public boolean isOver() {
          return false;
        }

        @Override
        public long lastReadNanos() {
          return 0;
        }

        @Override
        public void onExpired(
            ExchangeTimeoutException.Kind kind, long budgetNanos, long deadlineNanos, long nowNanos) {
          throw new IllegalStateException("a benchmark timeout expired: " + kind);
        }
      };

  @Setup(Level.Trial)
  public void start() {
    group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    loop = group.next();
    wheel = new HashedWheelTimer(10, TimeUnit.MILLISECONDS);
    wheel.start();
    timerMode = new TimeoutScheduler(wheel, Ticker.systemTicker(), false);
    loopMode = new TimeoutScheduler(wheel, Ticker.systemTicker(), true);
  }

  @TearDown(Level.Trial)
  public void stop() {
    wheel.stop();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int wheelArmCancel() throws InterruptedException, ExecutionException {
    return loop.submit(
            () -> {
              int cancelled = 0;
              for (int i = 0; i < BATCH; i++) {
                Timeout timeout = wheel.newTimeout(t -> { }, 20, TimeUnit.MILLISECONDS);
                cancelled += timeout.cancel() ? 1 : 0;
              }
              return cancelled;
            })
        .get();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int eventLoopArmCancel() throws InterruptedException, ExecutionException {
    return loop.submit(
            () -> {
              int cancelled = 0;
              for (int i = 0; i < BATCH; i++) {
                ScheduledFuture<?> timeout = loop.schedule(() -> { }, 20, TimeUnit.MILLISECONDS);
                cancelled += timeout.cancel(false) ? 1 : 0;
              }
              return cancelled;
            })
        .get();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int clientTimerModeArmCancel() throws InterruptedException, ExecutionException {
    return clientArmCancel(timerMode);
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int clientLoopModeArmCancel() throws InterruptedException, ExecutionException {
    return clientArmCancel(loopMode);
  }

  private int clientArmCancel(TimeoutScheduler scheduler)
      throws InterruptedException, ExecutionException {
    long budget = TimeUnit.SECONDS.toNanos(60);
    return loop.submit(
            () -> {
              int armed = 0;
              for (int i = 0; i < BATCH; i++) {
                AttemptTimeouts timeouts = new AttemptTimeouts(scheduler, OWNER);
                timeouts.armRequest(budget, Ticker.systemTicker().nanoTime() + budget, loop);
                armed += timeouts.request().isArmed() ? 1 : 0;
                timeouts.cancel();
              }
              return armed;
            })
        .get();
  }
}
