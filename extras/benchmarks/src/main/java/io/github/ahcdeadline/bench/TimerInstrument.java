package io.github.ahcdeadline.bench;

import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Something that runs a task after a delay: a {@link HashedWheelTimer} or a Netty event loop, plus
 * a few variants tried while looking for where event-loop lag comes from. {@link #arm} may be called
 * from any thread; {@link #close} once, after the last task ran.
 */
public abstract class TimerInstrument implements AutoCloseable {
  private final String name;

  TimerInstrument(String name) {
    this.name = name;
  }

  /** Short label for tables and plots. */
  public final String name() {
    return name;
  }

  /** Runs {@code task} once, {@code delayNanos} from now (or as soon after as it can). */
  public abstract void arm(Runnable task, long delayNanos);

  @Override
  public abstract void close();

  /** A {@link HashedWheelTimer} with the given tick and 512 buckets, on a daemon thread. */
  public static TimerInstrument wheel(long tickMillis) {
    return new Wheel(tickMillis);
  }

  /** {@link EventLoop#schedule} on a one-thread group of the given transport. */
  public static TimerInstrument loop(String name, IoHandlerFactory transport) {
    return new Loop(name, transport);
  }

  /**
   * Two-stage scheduling on an event loop: first {@code guardNanos} before the deadline, then the
   * remainder, measured afresh when the first stage runs. The kernel's timer slack for a blocking
   * wait grows with the wait, so the short second wait is the precise one.
   *
   * @param guardNanos how early the first stage runs; negative for max(2 ms, 0.5% of the delay)
   */
  public static TimerInstrument twoStageLoop(
      String name, IoHandlerFactory transport, long guardNanos) {
    return new TwoStageLoop(name, transport, guardNanos);
  }

  /**
   * Schedules {@code spinNanos} before the deadline, then re-submits itself to the loop until the
   * deadline has passed: no blocking wait in the last stretch, at the price of a busy loop thread.
   */
  public static TimerInstrument spinLoop(String name, IoHandlerFactory transport, long spinNanos) {
    return new SpinLoop(name, transport, spinNanos);
  }

  private static final class Wheel extends TimerInstrument {
    private final Timer timer;

    Wheel(long tickMillis) {
      super("HashedWheelTimer tick " + tickMillis + " ms");
      HashedWheelTimer wheel =
          new HashedWheelTimer(
              new DefaultThreadFactory("bench-wheel", true), tickMillis, TimeUnit.MILLISECONDS, 512);
      wheel.start();
      this.timer = wheel;
    }

    @Override
    public void arm(Runnable task, long delayNanos) {
      timer.newTimeout(timeout -> task.run(), delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
      timer.stop();
    }
  }

  private static class Loop extends TimerInstrument {
    private final MultiThreadIoEventLoopGroup group;
    final EventLoop loop;

    Loop(String name, IoHandlerFactory transport) {
      super(name);
      this.group =
          new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("bench-loop", true), transport);
      this.loop = group.next();
    }

    @Override
    public void arm(Runnable task, long delayNanos) {
      // Tasks here never throw and are never cancelled: nothing to read from the future.
      Future<?> unused = loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private static final class TwoStageLoop extends Loop {
    private final long guardNanos;

    TwoStageLoop(String name, IoHandlerFactory transport, long guardNanos) {
      super(name, transport);
      this.guardNanos = guardNanos;
    }

    @Override
    public void arm(Runnable task, long delayNanos) {
      long deadline = System.nanoTime() + delayNanos;
      Runnable secondStage =
          () -> {
            long rest = deadline - System.nanoTime();
            if (rest <= 0) {
              task.run();
            } else {
              Future<?> unused = loop.schedule(task, rest, TimeUnit.NANOSECONDS);
            }
          };
      long guard =
          guardNanos >= 0 ? guardNanos : Math.max(TimeUnit.MILLISECONDS.toNanos(2), delayNanos / 200);
      Future<?> unused =
          loop.schedule(secondStage, Math.max(0, delayNanos - guard), TimeUnit.NANOSECONDS);
    }
  }

  private static final class SpinLoop extends Loop {
    private final long spinNanos;

    SpinLoop(String name, IoHandlerFactory transport, long spinNanos) {
      super(name, transport);
      this.spinNanos = spinNanos;
    }

    @Override
    public void arm(Runnable task, long delayNanos) {
      long deadline = System.nanoTime() + delayNanos;
      Future<?> unused =
          loop.schedule(
          new Runnable() {
            @Override
            public void run() {
              if (System.nanoTime() - deadline >= 0) {
                task.run();
              } else {
                loop.execute(this);
              }
            }
          },
          Math.max(0, delayNanos - spinNanos),
          TimeUnit.NANOSECONDS);
    }
  }
}
