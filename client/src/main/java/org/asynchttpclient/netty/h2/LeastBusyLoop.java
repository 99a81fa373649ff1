package org.asynchttpclient.netty.h2;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import org.jetbrains.annotations.Nullable;

/**
 * Picks the event loop of a further HTTP/2 connection of a partition. One connection is read,
 * decoded and written by one loop, so a second connection on the first one's loop would add a TCP
 * connection and nothing else: the loop carrying fewest of the partition's connections wins, and
 * among those the one with fewest registered channels (Netty's count; a loop that cannot say
 * counts as empty), then the group's order.
 *
 * <p>Threads: any; stateless. The channel counts are read from other threads and may be a moment
 * old, which is good enough for a placement hint.
 */
final class LeastBusyLoop {
  private LeastBusyLoop() {}

  /** The loop of {@code group} for a further connection; null if the group has no event loop. */
  static @Nullable EventLoop choose(EventLoopGroup group, List<EventLoop> partitionLoops) {
    List<EventLoop> loops = new ArrayList<>();
    for (EventExecutor e : group) {
      if (e instanceof EventLoop) {
        loops.add((EventLoop) e);
      }
    }
    return choose(loops, partitionLoops, LeastBusyLoop::registeredChannels);
  }

  /**
   * The first of {@code loops} carrying fewest of {@code partitionLoops} (one entry per
   * connection), then fewest {@code registered} channels; null when {@code loops} is empty.
   */
  static @Nullable EventLoop choose(
      List<EventLoop> loops, List<EventLoop> partitionLoops, ToIntFunction<EventLoop> registered) {
    EventLoop best = null;
    int bestOwn = Integer.MAX_VALUE;
    int bestRegistered = Integer.MAX_VALUE;
    for (EventLoop loop : loops) {
      int own = 0;
      for (EventLoop used : partitionLoops) {
        if (used == loop) {
          own++;
        }
      }
      int channels = Math.max(0, registered.applyAsInt(loop));
      if (own < bestOwn || (own == bestOwn && channels < bestRegistered)) {
        best = loop;
        bestOwn = own;
        bestRegistered = channels;
      }
    }
    return best;
  }

  private static int registeredChannels(EventLoop loop) {
    return loop instanceof SingleThreadEventLoop ? ((SingleThreadEventLoop) loop).registeredChannels() : -1;
  }
}
