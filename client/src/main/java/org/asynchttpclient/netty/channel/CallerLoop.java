package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import org.jetbrains.annotations.Nullable;

/**
 * The event loop of the client's group that the calling thread runs, if it runs one: the common
 * asynchronous pattern issues the next request from a response callback, on one of the client's I/O
 * threads, and work kept on that loop (its pooled connections first, new connections on it) costs no
 * selector wake-up: a task queued from a loop to itself runs after its current I/O batch.
 *
 * <p>Thread-safe: a static lookup of the current thread's executor.
 */
public final class CallerLoop {
  private CallerLoop() {}

  /** The loop of {@code group} running this thread, or null from any other thread. */
  public static @Nullable EventLoop in(EventLoopGroup group) {
    EventExecutor current = ThreadExecutorMap.currentExecutor();
    if (current instanceof EventLoop && current.parent() == group) {
      return (EventLoop) current;
    }
    return null;
  }

  /** Whether this thread runs one of {@code group}'s loops, by asking each loop. */
  public static boolean isOneOf(EventLoopGroup group) {
    for (EventExecutor loop : group) {
      if (loop.inEventLoop()) {
        return true;
      }
    }
    return false;
  }
}
