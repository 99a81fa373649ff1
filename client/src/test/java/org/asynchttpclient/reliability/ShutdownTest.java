package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.ClientThreads;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code close()} with 300 exchanges in flight (100 waiting for an answer, 100 reading a body that
 * stalls, 100 in a TLS handshake that never completes): every one fails at once with an
 * IOException saying the client closed, no callback runs after {@code close()} returns, no thread
 * of the client survives, and the servers see every connection go.
 */
class ShutdownTest {
  private static final int PER_PHASE = 100;

  private static final class PhaseHandler extends RecordingHandler {
    private final CountDownLatch reached;
    private final boolean onBody;

    PhaseHandler(CountDownLatch reached, boolean onBody) {
      this.reached = reached;
      this.onBody = onBody;
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart part) {
      State s = super.onBodyPartReceived(part);
      if (onBody) {
        reached.countDown();
      }
      return s;
    }

    @Override
    public void onTlsHandshakeAttempt() {
      if (!onBody) {
        reached.countDown();
      }
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void closeFailsEverythingInFlightAndLeavesNothingBehind(boolean eventLoopTimeouts)
      throws Exception {
    ClientThreads threads = new ClientThreads();
    CountDownLatch waiting = new CountDownLatch(PER_PHASE);
    CountDownLatch reading = new CountDownLatch(PER_PHASE);
    CountDownLatch handshaking = new CountDownLatch(PER_PHASE);
    try (RawServer mute = RawServer.withResponder((ch, head) -> waiting.countDown());
        RawServer staller =
            RawServer.answering("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\nsome of it");
        RawServer tls = RawServer.silent()) {
      DefaultAsyncHttpClient client =
          threads.start(
              ClientFixture.faultConfig()
                  .setUseEventLoopTimeouts(eventLoopTimeouts)
                  .setRequestTimeout(Duration.ofSeconds(30))
                  .setReadTimeout(Duration.ofSeconds(30))
                  .setConnectTimeout(Duration.ofSeconds(10))
                  .setHandshakeTimeout(30_000)
                  .setUseInsecureTrustManager(true)
                  // Each TLS request opens its own connection only over HTTP/1.1: with HTTP/2 on
                  // (the default) the other 99 would wait for the one handshake in progress.
                  .setHttp2Enabled(false));
      List<RecordingHandler> handlers = new ArrayList<>();
      List<ListenableFuture<Response>> futures = new ArrayList<>();
      for (int i = 0; i < PER_PHASE; i++) {
        RecordingHandler w = new RecordingHandler();
        futures.add(client.prepareGet(mute.url("/wait/" + i)).execute(w));
        handlers.add(w);
        PhaseHandler r = new PhaseHandler(reading, true);
        futures.add(client.prepareGet(staller.url("/read/" + i)).execute(r));
        handlers.add(r);
        PhaseHandler t = new PhaseHandler(handshaking, false);
        futures.add(client.prepareGet("https://127.0.0.1:" + tls.port() + "/tls/" + i).execute(t));
        handlers.add(t);
      }
      assertTrue(waiting.await(20, TimeUnit.SECONDS), "requests waiting: " + waiting.getCount());
      assertTrue(reading.await(20, TimeUnit.SECONDS), "bodies stalled: " + reading.getCount());
      assertTrue(handshaking.await(20, TimeUnit.SECONDS), "handshakes: " + handshaking.getCount());
      for (ListenableFuture<Response> f : futures) {
        assertTrue(!f.isDone(), "an exchange ended before close: " + f);
      }

      long closeStart = System.nanoTime();
      client.close();
      long closeReturned = System.nanoTime();
      long closeMillis = TimeUnit.NANOSECONDS.toMillis(closeReturned - closeStart);

      int notDone = 0;
      for (ListenableFuture<Response> f : futures) {
        notDone += f.isDone() ? 0 : 1;
      }
      assertEquals(0, notDone, "exchanges still pending when close() returned");
      // close() waits at most 1 s for the channels; the rest is slack for a busy machine.
      assertTrue(closeMillis < 5000, "close() took " + closeMillis + " ms (expected at most about 1000)");
      threads.assertAllEnded(Duration.ofSeconds(5));
      long late = 0;
      for (RecordingHandler h : handlers) {
        assertEquals(1, h.terminals(), "terminal callbacks");
        IOException e = assertInstanceOf(IOException.class, h.failure(), String.valueOf(h.failure()));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertTrue(h.endNanos() <= closeReturned, "failed after close() returned");
        if (h.lastCallbackNanos() > closeReturned) {
          late++;
        }
      }
      assertEquals(0, late, "handlers called back after close() returned");
      assertEquals(0, mute.awaitOpenAtMost(0, Duration.ofSeconds(10)), "connections left open (waiting)");
      assertEquals(0, staller.awaitOpenAtMost(0, Duration.ofSeconds(10)), "connections left open (reading)");
      assertEquals(0, tls.awaitOpenAtMost(0, Duration.ofSeconds(10)), "connections left open (TLS)");
      System.out.printf(
          "[shutdown] eventLoopTimeouts=%s: close() with %d in flight took %d ms; all failed before it"
              + " returned, 0 late callbacks, 0 client threads left%n",
          eventLoopTimeouts, futures.size(), closeMillis);
    }
  }

}
