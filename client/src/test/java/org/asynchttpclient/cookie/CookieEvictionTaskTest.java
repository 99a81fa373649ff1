package org.asynchttpclient.cookie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.asynchttpclient.testing.Stub;
import org.junit.jupiter.api.Test;

class CookieEvictionTaskTest {

  /** A timer that records what is scheduled on it and never runs anything by itself. */
  private static final class RecordingTimer implements Timer {
    final List<TimerTask> tasks = new ArrayList<>();
    final List<Long> delaysMs = new ArrayList<>();
    boolean stopped;

    @Override
    public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
      if (stopped) {
        throw new IllegalStateException("cannot be started once stopped");
      }
      tasks.add(task);
      delaysMs.add(unit.toMillis(delay));
      return timeoutOf(this);
    }

    @Override
    public Set<Timeout> stop() {
      stopped = true;
      return Collections.emptySet();
    }
  }

  private static Timeout timeoutOf(Timer timer) {
    return Stub.of(
        Timeout.class,
        "timeout of " + timer,
        (method, args) -> {
          if (method.equals("timer")) {
            return timer;
          }
          throw Stub.unexpected(method);
        });
  }

  @Test
  void evictsAndReschedulesItselfUntilTheTimerStops() throws Exception {
    AtomicLong clock = new AtomicLong();
    ThreadSafeCookieStore store = new ThreadSafeCookieStore(clock::get);
    DefaultCookie shortLived = new DefaultCookie("a", "1");
    shortLived.setMaxAge(1);
    store.add("h.example", "/", shortLived);
    clock.addAndGet(TimeUnit.SECONDS.toNanos(2));

    RecordingTimer timer = new RecordingTimer();
    CookieEvictionTask task = new CookieEvictionTask(30_000, store);
    task.run(timeoutOf(timer));

    assertEquals(0, store.getUnderlying().size());
    assertEquals(1, timer.tasks.size());
    assertSame(task, timer.tasks.get(0));
    assertEquals(30_000L, timer.delaysMs.get(0));

    timer.stop();
    task.run(timeoutOf(timer)); // must not throw once the timer refuses new tasks
    assertEquals(1, timer.tasks.size());
  }
}
