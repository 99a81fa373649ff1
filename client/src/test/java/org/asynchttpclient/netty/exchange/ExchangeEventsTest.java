package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.events.ExchangeOutcome;
import org.asynchttpclient.netty.ClientEngine;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** With no listener, events cost nothing: no allocation, no call. */
class ExchangeEventsTest {

  @Test
  void withoutListenersDeliveringEventsAllocatesNothing() {
    CountingServices services = new CountingServices();
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
    Attempt hop = CountingServices.begin(ex, -1);
    ExchangeEvents none = ExchangeEvents.NONE;
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    for (int warm = 0; warm < 2; warm++) {
      long before = threads.getThreadAllocatedBytes(id);
      for (int i = 0; i < 100_000; i++) {
        none.exchangeStarted(ex);
        none.hopStarted(hop);
        none.connectionAcquired(hop, true);
        none.tlsHandshakeDone(hop);
        none.requestWritten(hop);
        none.responseStarted(hop, 200);
        none.hopEnded(hop, null);
        none.ended(ex, hop, ExchangeOutcome.COMPLETED, null);
      }
      long allocated = threads.getThreadAllocatedBytes(id) - before;
      if (warm == 1) {
        assertTrue(allocated < 4096, "800,000 events without listeners allocated " + allocated + " bytes");
      }
    }
  }

  @Test
  void aClientWithoutListenersUsesTheEmptyDispatcher() {
    ClientEngine engine = new ClientEngine(new DefaultAsyncHttpClientConfig.Builder().build());
    try {
      assertSame(ExchangeEvents.NONE, engine.events());
      assertTrue(engine.events().isEmpty());
    } finally {
      engine.close();
    }
  }
}
