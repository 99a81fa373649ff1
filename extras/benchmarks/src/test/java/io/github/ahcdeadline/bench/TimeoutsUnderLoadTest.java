package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Which clients the timeouts-under-load run starts, on which transport; nothing is started. */
class TimeoutsUnderLoadTest {
  @Test
  void everyClientRunsOnEveryTransportWithTheEventLoopPairFirst() {
    List<TimeoutsUnderLoad.Contender> rows =
        TimeoutsUnderLoad.contenders(List.of(BenchTransport.NIO, BenchTransport.EPOLL), true);
    assertEquals(
        List.of("ahc-deadline event-loop (nio)", "AHC 3.0.14 event-loop (nio)", "ahc-deadline (nio)",
            "AHC 3.0.14 (nio)", "AHC 3.0.11 (nio)", "AHC 3.0.11 tick 1 ms (nio)",
            "ahc-deadline event-loop (epoll)", "AHC 3.0.14 event-loop (epoll)",
            "ahc-deadline (epoll)", "AHC 3.0.14 (epoll)", "AHC 3.0.11 (epoll)",
            "AHC 3.0.11 tick 1 ms (epoll)"),
        rows.stream().map(c -> c.label).collect(Collectors.toList()));
    TimeoutsUnderLoad.Contender ahc3014EventLoop = rows.get(7);
    assertEquals(BenchClient.AHC_3_0_14, ahc3014EventLoop.client);
    assertEquals(BenchTransport.EPOLL, ahc3014EventLoop.transport);
    assertEquals("eventloop", ahc3014EventLoop.mode);
    assertEquals(1, rows.get(5).tickMillis);
    assertEquals(0, rows.get(4).tickMillis);
  }

  @Test
  void withoutTheTickRowFiveClientsPerTransport() {
    assertEquals(5, TimeoutsUnderLoad.contenders(List.of(BenchTransport.NIO), false).size());
  }
}
