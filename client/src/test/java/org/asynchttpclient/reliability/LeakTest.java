package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PoolChunkListMetric;
import io.netty.buffer.PoolChunkMetric;
import io.netty.buffer.PoolSubpageMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocatorMetric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.ClientStats;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.FaultServer;
import org.asynchttpclient.testing.FullBacklog;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing leaks through a fault mix: no ByteBuf (the client's own pooled allocator is back to no
 * live allocation once the client is closed, and the build's paranoid detector reports none), no
 * channel (the client holds no active connection when idle, the server none after close), no
 * permit (with 10 permits, after timeouts in connect and TLS, resets, cuts, cancels and hostile
 * answers, 10 requests still get 10 connections at once), and no armed timer.
 */
class LeakTest {

  private static long activeAllocations(PooledByteBufAllocatorMetric metric) {
    long active = 0;
    for (PoolArenaMetric arena : metric.directArenas()) {
      active += arena.numActiveAllocations();
    }
    for (PoolArenaMetric arena : metric.heapArenas()) {
      active += arena.numActiveAllocations();
    }
    return active;
  }

  /** Bytes in use inside the chunks the arenas still hold (their usage times their size). */
  private static long bytesInChunks(PooledByteBufAllocatorMetric metric) {
    long used = 0;
    List<PoolArenaMetric> arenas = new ArrayList<>(metric.directArenas());
    arenas.addAll(metric.heapArenas());
    for (PoolArenaMetric arena : arenas) {
      for (PoolChunkListMetric list : arena.chunkLists()) {
        for (PoolChunkMetric chunk : list) {
          used += (long) chunk.chunkSize() - chunk.freeBytes();
        }
      }
    }
    return used;
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void byteBufsAndChannelsComeBack(boolean eventLoopTimeouts) throws Exception {
    PooledByteBufAllocator alloc = new PooledByteBufAllocator(true);
    PooledByteBufAllocatorMetric metric = alloc.metric();
    long baselineMemory = metric.usedHeapMemory() + metric.usedDirectMemory();
    ClientThreads threads = new ClientThreads();
    String[] paths = {
      "/ok/1", "/ok/20000", "/ok/70000", "/chunked", "/gzip", "/never", "/stall", "/reset", "/cut",
      "/hostile", "/late/50"
    };
    int exchanges = 0;
    long poolIdleBeforeClose;
    try (RawServer server = FaultServer.start()) {
      DefaultAsyncHttpClient client =
          threads.start(
              ClientFixture.faultConfig()
                  .setAllocator(alloc)
                  .setUseEventLoopTimeouts(eventLoopTimeouts)
                  .setRequestTimeout(Duration.ofMillis(300)));
      try {
        Random random = new Random(7);
        Semaphore window = new Semaphore(50);
        List<CompletableFuture<RecordingHandler>> ends = new ArrayList<>();
        List<ListenableFuture<Response>> futures = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
          String path = paths[random.nextInt(paths.length)];
          RecordingHandler h = new RecordingHandler();
          assertTrue(window.tryAcquire(30, TimeUnit.SECONDS));
          h.ended().whenComplete((x, t) -> window.release());
          ends.add(h.ended());
          ListenableFuture<Response> f =
              i % 3 == 0
                  ? client.preparePost(server.url(path)).setBody(new byte[1 + i * 10]).execute(h)
                  : client.prepareGet(server.url(path)).execute(h);
          futures.add(f);
          if (i % 17 == 0) {
            f.cancel(true); // some die at once, in whatever phase they are
          }
          exchanges++;
        }
        CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
        for (ListenableFuture<Response> f : futures) {
          assertFalse(armed((Exchange<?>) f), "armed after the end: " + f);
        }
        // Idle: every connection is closed or back in the pool, none is active.
        Await.until(
            () -> client.getClientStats().getTotalActiveConnectionCount() == 0,
            Duration.ofSeconds(2),
            () -> "active connections while idle: " + client.getClientStats());
        ClientStats stats = client.getClientStats();
        poolIdleBeforeClose = stats.getTotalIdleConnectionCount();
        assertTrue(
            server.await(() -> server.openCount() == poolIdleBeforeClose, Duration.ofSeconds(2)),
            "server sees " + server.openCount() + " open, the pool holds " + poolIdleBeforeClose);
      } finally {
        client.close();
      }
      assertEquals(0, server.awaitOpenAtMost(0, Duration.ofMillis(3000)), "server connections left after close()");
      threads.assertAllEnded(Duration.ofSeconds(5));
    }
    // The I/O threads' caches go back to the arenas when those threads end.
    Await.until(
        () -> activeAllocations(metric) == 0,
        Duration.ofSeconds(3),
        () -> "live allocations in the client's allocator after close: " + activeAllocations(metric));
    long inChunks = bytesInChunks(metric);
    long retainedSubpages = emptySubpageBytes(metric);
    long usedMemory = metric.usedHeapMemory() + metric.usedDirectMemory();
    long arenas = metric.numDirectArenas() + metric.numHeapArenas();
    System.out.printf(
        "[leak] eventLoopTimeouts=%s: %d exchanges; allocator after close: %d live allocations,"
            + " %d bytes marked used inside chunks, all of them empty subpages kept for reuse (%d),"
            + " %d bytes of chunk memory held (baseline %d, at most one %d-byte chunk per arena,"
            + " %d arenas); %d connections were pooled at the end%n",
        eventLoopTimeouts, exchanges, activeAllocations(metric), inChunks, retainedSubpages,
        usedMemory, baselineMemory, metric.chunkSize(), arenas, poolIdleBeforeClose);
    // The pool keeps a chunk per arena that never filled past its first usage band, and one empty
    // subpage per size class: neither holds data. Everything else must be back.
    assertEquals(retainedSubpages, inChunks, "bytes in chunks beyond the empty subpages kept for reuse");
    assertTrue(
        usedMemory - baselineMemory <= arenas * metric.chunkSize(),
        "chunk memory held: " + usedMemory + " bytes");
  }

  /** Bytes of the subpages the arenas keep although every element in them is free. */
  private static long emptySubpageBytes(PooledByteBufAllocatorMetric metric) {
    long bytes = 0;
    List<PoolArenaMetric> arenas = new ArrayList<>(metric.directArenas());
    arenas.addAll(metric.heapArenas());
    for (PoolArenaMetric arena : arenas) {
      for (PoolSubpageMetric subpage : arena.smallSubpages()) {
        assertEquals(
            subpage.maxNumElements(),
            subpage.numAvailable(),
            "a subpage of " + subpage.elementSize() + "-byte elements still has live elements");
        // A subpage's run may span several pages: its elements fill it exactly.
        bytes += (long) subpage.maxNumElements() * subpage.elementSize();
      }
    }
    return bytes;
  }

  @Test
  void everyPermitComesBackAfterAFaultMix() throws Exception {
    // Connects to it hang, where the kernel lets them.
    FullBacklog full = FullBacklog.open();
    boolean hanging = full.hanging();
    int gateSize = 10;
    CountDownLatch gate = new CountDownLatch(gateSize);
    List<io.netty.channel.Channel> waiting = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RawServer faults = FaultServer.start();
        RawServer tls = RawServer.silent();
        RawServer gated =
            RawServer.withResponder(
                (ch, head) -> {
                  waiting.add(ch);
                  gate.countDown();
                  if (gate.getCount() == 0) {
                    for (io.netty.channel.Channel c : waiting) {
                      RawServer.write(c, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
                    }
                  }
                });
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                ClientFixture.faultConfig()
                    .setMaxConnections(10)
                    .setMaxConnectionsPerHost(10)
                    // Idle pooled connections hold their permits (as in 3.0.11): a request waiting
                    // at the limit closes them for theirs. A leaked permit still starves the ten.
                    .setAcquireFreeChannelTimeout(2000)
                    .setConnectTimeout(Duration.ofMillis(250))
                    .setHandshakeTimeout(250)
                    .setRequestTimeout(Duration.ofMillis(400))
                    .setUseInsecureTrustManager(true)
                    .build())) {
      List<Request> mix = new ArrayList<>();
      if (hanging) {
        String blackHole = "http://127.0.0.1:" + full.port() + "/";
        mix.add(new RequestBuilder().setUrl(blackHole).build()); // connect timeout
        mix.add(
            new RequestBuilder()
                .setUrl(blackHole)
                .setRequestTimeout(Duration.ofMillis(150))
                .build()); // request timeout while connecting
      }
      String silentTls = "https://127.0.0.1:" + tls.port() + "/";
      mix.add(new RequestBuilder().setUrl(silentTls).build()); // handshake timeout
      mix.add(
          new RequestBuilder()
              .setUrl(silentTls)
              .setRequestTimeout(Duration.ofMillis(150))
              .build()); // request timeout during TLS
      for (String path : new String[] {"/never", "/stall", "/reset", "/cut", "/hostile", "/ok/10"}) {
        mix.add(new RequestBuilder().setUrl(faults.url(path)).build());
      }
      Semaphore window = new Semaphore(10);
      List<CompletableFuture<RecordingHandler>> ends = new ArrayList<>();
      List<ListenableFuture<Response>> futures = new ArrayList<>();
      int sent = 0;
      for (int round = 0; round < 8; round++) {
        for (Request r : mix) {
          RecordingHandler h = new RecordingHandler();
          assertTrue(window.tryAcquire(30, TimeUnit.SECONDS));
          h.ended().whenComplete((x, t) -> window.release());
          ends.add(h.ended());
          ListenableFuture<Response> f = client.executeRequest(r, h);
          futures.add(f);
          if (sent++ % 7 == 3) {
            f.cancel(true);
          }
        }
      }
      CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
      for (ListenableFuture<Response> f : futures) {
        assertFalse(armed((Exchange<?>) f), "armed after the end: " + f);
      }
      // Ten at once: the server answers none until all ten have arrived.
      List<ListenableFuture<org.asynchttpclient.Response>> ten = new ArrayList<>();
      for (int i = 0; i < gateSize; i++) {
        ten.add(client.prepareGet(gated.url("/gate/" + i)).setRequestTimeout(Duration.ofSeconds(5)).execute());
      }
      for (ListenableFuture<org.asynchttpclient.Response> f : ten) {
        assertEquals(200, f.get(10, TimeUnit.SECONDS).getStatusCode());
      }
      assertEquals(gateSize, gated.acceptedCount());
      System.out.printf(
          "[permits] %d faulty exchanges (connect hang: %s) with 10 permits, then %d at once: all"
              + " connected%n",
          sent, hanging, gateSize);
    } finally {
      full.close();
    }
  }

  private static boolean armed(Exchange<?> ex) {
    Attempt last = ex.current();
    return last != null
        && (last.timeouts().request().isArmed() || last.timeouts().read().isArmed());
  }
}
