package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.junit.jupiter.api.Test;

/**
 * A server (h2c, frame by frame) that floods the client with frames each of which obliges an
 * acknowledgement (PING, SETTINGS) while it reads none of them back. The acknowledgements pile up
 * unwritten in the client; past Netty's limit on queued control frames (10 000, the default the
 * client keeps) the client ends the connection, and each open stream fails at once with an
 * IOException that names the flood, not at its 45 s request timeout.
 *
 * <p>The server's receive buffer is left as the OS sizes it: shrunk to 4 KiB, loopback TCP stopped
 * delivering the server's PINGs to the client altogether (3.9 MB stuck in the server's send queue,
 * nothing in the client's receive queue), which tests the kernel, not the client.
 */
class Http2FloodTest extends ClientAndServer<RawServer> {
  private static final int STREAMS = 2;
  /** Frames written per loop task; the next batch goes once this one reached the socket. */
  private static final int BATCH = 1_000;
  /**
   * The most frames the server sends: far past the 10 000 queued acknowledgements that end the
   * connection plus the ~40 000 that the socket buffers between the two absorb first.
   */
  private static final long MAX_FRAMES = 2_000_000;

  /** Writes one flood frame, the {@code n}th. */
  private interface FloodFrame {
    void write(H2FramePeer peer, ChannelHandlerContext ctx, long n, ChannelPromise promise);
  }

  /**
   * Once {@link #STREAMS} streams are open, stops reading and writes {@link FloodFrame}s in
   * batches, each batch once the previous one reached the socket, until the connection ends or
   * {@link #MAX_FRAMES} were written.
   */
  private final class Flood extends Http2FrameAdapter {
    final List<Integer> streams = new CopyOnWriteArrayList<>();
    final AtomicLong sent = new AtomicLong();
    volatile H2FramePeer peer;
    private final FloodFrame frame;

    Flood(FloodFrame frame) {
      this.frame = frame;
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
      streams.add(id);
      if (streams.size() == STREAMS) {
        peer = (H2FramePeer) ctx.handler();
        ctx.channel().config().setAutoRead(false);
        batch(ctx);
      }
      server.signal();
    }

    private void batch(ChannelHandlerContext ctx) {
      if (!ctx.channel().isActive() || sent.get() >= MAX_FRAMES) {
        return;
      }
      for (int i = 1; i < BATCH; i++) {
        frame.write(peer, ctx, sent.incrementAndGet(), ctx.voidPromise());
      }
      ChannelPromise last = ctx.newPromise();
      frame.write(peer, ctx, sent.incrementAndGet(), last);
      ctx.flush();
      last.addListener(
          (ChannelFuture f) -> {
            if (f.isSuccess()) {
              ctx.executor().execute(() -> batch(ctx));
            }
          });
    }
  }

  private void assertFloodEndsTheConnection(FloodFrame frame, String expectedInMessage) throws Exception {
    List<Flood> floods = new CopyOnWriteArrayList<>();
    server =
        RawServer.withPipeline(
            ch -> {
              Flood flood = new Flood(frame);
              floods.add(flood);
              ch.pipeline().addLast(new H2FramePeer(new Http2Settings(), flood));
            });
    client =
        ClientFixture.client(
            ClientFixture.h2cConfig(Duration.ofSeconds(45))
                // The acks back up in the client's socket buffer before they queue up in Netty;
                // a small one makes the 10 000 queued acks come after some 50 000 PINGs rather
                // than after the 250 000 more (17 bytes each) that a 4 MiB autotuned one absorbs.
                .setSoSndBuf(16 * 1024));
    long start = System.nanoTime();
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      futures.add(client.prepareGet(server.url("/s" + i)).execute());
    }
    String firstMessage = null;
    for (ListenableFuture<Response> f : futures) {
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () -> f.get(35, TimeUnit.SECONDS),
              () -> "stream still open; flood frames sent per connection: " + sentPerConnection(floods));
      assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
      String message = e.getCause().getMessage();
      assertTrue(message.contains(expectedInMessage), "message names the flood: " + message);
      firstMessage = firstMessage == null ? message : firstMessage;
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    System.out.println(
        "flood frames sent per connection " + sentPerConnection(floods) + "; streams failed after " + millis
            + " ms: " + firstMessage);
    assertTrue(millis < 20_000, "failed after " + millis + " ms, not at the 45 s timeout");
    List<Flood> carriers = floods.stream().filter(fl -> !fl.streams.isEmpty()).collect(Collectors.toList());
    assertEquals(1, carriers.size(), "one connection carries the streams; frames sent: " + sentPerConnection(floods));
    Flood flood = carriers.get(0);
    assertEquals(STREAMS, flood.streams.size(), "streams opened on the flooded connection");
    assertTrue(flood.sent.get() < MAX_FRAMES, "the client ended the connection before the flood ran out");
    assertTrue(
        server.await(() -> !flood.peer.channel().isActive(), Duration.ofSeconds(10)), "flooded connection closed");
  }

  private static List<Long> sentPerConnection(List<Flood> floods) {
    return floods.stream().map(f -> f.sent.get()).collect(Collectors.toList());
  }

  @Test
  void aPingFloodThatReadsNoAckEndsTheConnection() throws Exception {
    assertFloodEndsTheConnection(
        (peer, ctx, n, promise) -> peer.writer.writePing(ctx, false, n, promise), "outstanding control frames");
  }

  @Test
  void aSettingsFloodThatReadsNoAckEndsTheConnection() throws Exception {
    assertFloodEndsTheConnection(
        (peer, ctx, n, promise) -> peer.writer.writeSettings(ctx, new Http2Settings(), promise),
        "outstanding control frames");
  }
}
