package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where a further HTTP/2 connection of a partition goes. */
class LeastBusyLoopTest {
  private final DefaultEventLoopGroup group = new DefaultEventLoopGroup(3);
  private final List<EventLoop> loops = new ArrayList<>();
  private final Map<EventLoop, Integer> registered = new HashMap<>();

  LeastBusyLoopTest() {
    for (EventExecutor e : group) {
      loops.add((EventLoop) e);
    }
  }

  @AfterEach
  void shutDown() {
    group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
  }

  private EventLoop choose(EventLoop... partitionLoops) {
    return LeastBusyLoop.choose(loops, List.of(partitionLoops), l -> registered.getOrDefault(l, 0));
  }

  @Test
  void notTheLoopOfThePartitionsConnectionEvenIfItHasFewerChannels() {
    registered.put(loops.get(0), 0);
    registered.put(loops.get(1), 9);
    registered.put(loops.get(2), 5);
    assertSame(loops.get(2), choose(loops.get(0)));
  }

  @Test
  void amongLoopsWithoutAConnectionOfThePartitionTheOneWithFewestChannels() {
    registered.put(loops.get(0), 4);
    registered.put(loops.get(1), 7);
    registered.put(loops.get(2), 2);
    assertSame(loops.get(2), choose(loops.get(1)));
  }

  @Test
  void everyLoopTakenTheOneCarryingFewestOfThePartitionsConnections() {
    assertSame(loops.get(2), choose(loops.get(0), loops.get(1), loops.get(0), loops.get(1), loops.get(2)));
  }

  @Test
  void tiesGoInTheGroupsOrderAndAnUnknownCountIsNoChannel() {
    registered.put(loops.get(0), -1); // a loop that cannot count
    registered.put(loops.get(1), 0);
    assertSame(loops.get(0), choose());
  }

  @Test
  void theGroupsOwnLoopsThroughTheGroupAndNoneFromAnEmptyList() {
    assertSame(loops.get(1), LeastBusyLoop.choose(group, List.of(loops.get(0))));
    assertNull(LeastBusyLoop.choose(List.of(), List.of(), l -> 0));
  }
}
