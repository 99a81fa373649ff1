package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SyscallCounterTest {
  // What perf 6.1 prints with -x, (epoll_pwait2 not counted), numbers made up.
  private static final List<String> EPOLL_RUN =
      List.of(
          "",
          "40000,,raw_syscalls:sys_enter,4750123456,100.00,,",
          "6000,,syscalls:sys_enter_epoll_wait,4750123456,100.00,,",
          "2000,,syscalls:sys_enter_epoll_pwait,4750123456,100.00,,",
          "<not counted>,,syscalls:sys_enter_epoll_pwait2,0,100.00,,",
          "0,,syscalls:sys_enter_io_uring_enter,4750123456,100.00,,",
          "10000,,syscalls:sys_enter_write,4750123456,100.00,,",
          "6000,,syscalls:sys_enter_read,4750123456,100.00,,",
          "3000,,syscalls:sys_enter_recvfrom,4750123456,100.00,,",
          "3000,,context-switches,4750123456,100.00,631.561,/sec",
          "WARNING: Ignored open failure for pid 28195");

  @Test
  void readsPerfCsvAndSkipsWhatWasNotCounted() {
    SyscallCounter.Counts counts = SyscallCounter.Counts.parse(EPOLL_RUN, 5000);
    assertEquals("", counts.problem());
    assertEquals(40000, counts.value(SyscallCounter.ALL));
    assertEquals(3000, counts.value(SyscallCounter.CONTEXT_SWITCHES));
    assertTrue(Double.isNaN(counts.value(SyscallCounter.EPOLL_PWAIT2)));
  }

  @Test
  void dividesByTheRequestsOfTheCountedTime() {
    SyscallCounter.Counts counts = SyscallCounter.Counts.parse(EPOLL_RUN, 5000);
    // 20,000 requests in a 10 s window: 10,000 in perf's 5 s
    double[] perRequest = counts.perRequest(20_000, 10_000_000_000L);
    assertArrayEquals(new double[] {4.0, 0.8, 0.0, 1.9, 0.3}, perRequest, 1e-9);
  }

  @Test
  void unknownFiguresAreNaN() {
    double[] none = SyscallCounter.Counts.unavailable("perf: not found").perRequest(100, 1000);
    for (double v : none) {
      assertTrue(Double.isNaN(v));
    }
    SyscallCounter.Counts noWait =
        SyscallCounter.Counts.parse(
            List.of("100,,raw_syscalls:sys_enter,1,100.00,,"), 1000);
    double[] perRequest = noWait.perRequest(10, 1_000_000_000L);
    assertEquals(10.0, perRequest[0], 1e-9);
    assertTrue(Double.isNaN(perRequest[1]));
    assertTrue(Double.isNaN(perRequest[3]));
    assertTrue(Double.isNaN(noWait.perRequest(0, 1000)[0]));
    assertTrue(Double.isNaN(noWait.perRequest(10, 0)[0]));
  }

  @Test
  void perfThatPrintsNoCountsIsAProblem() {
    SyscallCounter.Counts counts =
        SyscallCounter.Counts.parse(
            List.of("event syntax error: 'syscalls:sys_enter_nosuch'"), 1000);
    assertEquals("perf counted nothing", counts.problem());
  }

  @Test
  void theOptionalWaitsAreAskedForOnlyWhereTheKernelHasThem() {
    assertEquals(
        List.of(SyscallCounter.ALL, SyscallCounter.EPOLL_WAIT, SyscallCounter.IO_URING_ENTER,
            SyscallCounter.WRITE, SyscallCounter.READ, SyscallCounter.CONTEXT_SWITCHES),
        SyscallCounter.events(tracepoint -> false));
    assertEquals(14, SyscallCounter.events(tracepoint -> true).size());
    assertEquals(
        List.of("perf", "stat", "-x,", "-p", "42", "-e", "a,b", "--", "sh", "-c",
            "date +%s%N; exec sleep 4.750"),
        SyscallCounter.command(42, 4750, List.of("a", "b")));
  }

  @Test
  void theWorkloadsFirstLineSaysWhenCountingBegan() {
    List<String> out = List.of("1700000000040000000", "40000,,raw_syscalls:sys_enter,1,100.00,,");
    assertEquals(40, SyscallCounter.countingStartedLate(out, 1_700_000_000_000_000_000L));
    assertEquals(0, SyscallCounter.countingStartedLate(EPOLL_RUN, 1_700_000_000_000_000_000L));
  }
}
