package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server that ends every connection after a few streams, as nginx does at {@code
 * keepalive_requests}: once it has opened its tenth stream it sends GOAWAY naming that stream as
 * the last, ignores every frame of a later stream, answers the streams up to the last, and closes
 * the connection once the client has gone quiet on it (nginx's lingering close). Requests in
 * flight meet the GOAWAY at every stage: waiting for a slot, a stream opened but its HEADERS not
 * yet written, HEADERS written and the body not (the POSTs' case of issue 43, which failed with a
 * bare {@code ClosedChannelException}). Every request the server did not process must be sent
 * again, whatever its method: none fails, and the server processes each body exactly once.
 */
class Http2GoAwayChurnTest extends ClientAndServer<RawServer> {
  private static final int STREAMS_PER_CONNECTION = 10;
  private static final int REQUESTS = 600;
  /**
   * Beyond the streams a connection takes, as with nginx's 100 streams per connection and 32 in
   * flight: a request turned away is among the first of the next connection, not among losers
   * round after round (with far more in flight than a connection takes, a request could be turned
   * away more often than {@code Replays.MAX_UNPROCESSED_REPLAYS} allows).
   */
  private static final int IN_FLIGHT = 16;
  /** nginx's lingering_timeout: the client closes a drained connection long before. */
  private static final long QUIET_MILLIS = 5000;

  /** Bodies the server processed, with how many times. */
  private final Map<String, Integer> processed = new ConcurrentHashMap<>();
  private final AtomicInteger connections = new AtomicInteger();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"POST", "GET"})
  void everyRequestTheServerDidNotProcessIsReplayedAndNoneFails(String method) throws Exception {
    server =
        RawServer.withPipeline(
            ch -> {
              connections.incrementAndGet();
              LingeringClose linger = new LingeringClose();
              ch.pipeline().addLast(linger, new H2FramePeer(new Http2Settings(), new GoAwayAfter(linger)));
            });
    client = ClientFixture.client(ClientFixture.config().setHttp2CleartextEnabled(true));

    Semaphore inFlight = new Semaphore(IN_FLIGHT);
    List<CompletableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < REQUESTS; i++) {
      assertTrue(inFlight.tryAcquire(20, TimeUnit.SECONDS), "a request slot within 20 s");
      CompletableFuture<Response> f =
          client.prepare(method, server.url("/work")).setBody("body " + i).execute().toCompletableFuture();
      f.whenComplete((r, t) -> inFlight.release());
      futures.add(f);
    }

    List<String> failures = new ArrayList<>();
    for (int i = 0; i < REQUESTS; i++) {
      try {
        Response r = futures.get(i).get(20, TimeUnit.SECONDS);
        if (!("body " + i).equals(r.getResponseBody())) {
          failures.add(i + ": answered " + r.getStatusCode() + " '" + r.getResponseBody() + "'");
        }
      } catch (Exception e) {
        failures.add(i + ": " + e.getCause());
      }
    }
    assertEquals(List.of(), failures.subList(0, Math.min(3, failures.size())),
        failures.size() + " of " + REQUESTS + " failed");
    assertEquals(REQUESTS, processed.size(), "bodies processed");
    processed.forEach((body, times) -> assertEquals(1, times, "times '" + body + "' was processed"));
    assertTrue(connections.get() >= REQUESTS / STREAMS_PER_CONNECTION, "connections: " + connections.get());
  }

  /** One connection's server, frame by frame, as nginx handles {@code keepalive_requests}. */
  private final class GoAwayAfter extends Http2FrameAdapter {
    // the connection's loop only
    private final LingeringClose linger;
    private final Map<Integer, ByteArrayOutputStream> bodies = new HashMap<>();
    private int opened;
    /** The last stream id of the GOAWAY sent, or -1 before. */
    private int last = -1;

    GoAwayAfter(LingeringClose linger) {
      this.linger = linger;
    }

    private H2FramePeer peer(ChannelHandlerContext ctx) {
      return (H2FramePeer) ctx.handler();
    }

    private boolean ignored(int id) {
      return last >= 0 && id > last;
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
      if (ignored(id)) {
        return; // after its GOAWAY nginx skips the HEADERS of a later stream
      }
      bodies.put(id, new ByteArrayOutputStream());
      if (++opened == STREAMS_PER_CONNECTION) {
        last = id;
        peer(ctx).writer.writeGoAway(ctx, last, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
        linger.start(ctx.channel());
      }
      if (endOfStream) {
        answer(ctx, id);
      }
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int id, ByteBuf data, int padding, boolean endOfStream) {
      int consumed = data.readableBytes() + padding;
      if (ignored(id)) {
        return consumed; // and the DATA of such a stream
      }
      ByteArrayOutputStream body = bodies.get(id);
      if (body != null) {
        byte[] bytes = new byte[data.readableBytes()];
        data.getBytes(data.readerIndex(), bytes);
        body.writeBytes(bytes);
      }
      if (endOfStream) {
        answer(ctx, id);
      }
      return consumed;
    }

    private void answer(ChannelHandlerContext ctx, int id) {
      ByteArrayOutputStream body = bodies.remove(id);
      if (body == null) {
        return;
      }
      processed.merge(new String(body.toByteArray(), StandardCharsets.UTF_8), 1, Integer::sum);
      H2FramePeer peer = peer(ctx);
      peer.writer.writeHeaders(ctx, id, new DefaultHttp2Headers().status("200"), 0, false, ctx.newPromise());
      peer.writer.writeData(ctx, id, Unpooled.wrappedBuffer(body.toByteArray()), 0, true, ctx.newPromise());
    }
  }

  /**
   * Closes a connection once its peer has gone quiet after the GOAWAY, as nginx's lingering close
   * does: a close while the client still sends would reset the connection, and a reset can
   * discard the GOAWAY before the client reads it.
   */
  private static final class LingeringClose extends ChannelInboundHandlerAdapter {
    // the connection's loop only
    private long lastRead = System.nanoTime();

    void start(Channel connection) {
      connection.eventLoop().schedule(() -> check(connection), QUIET_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void check(Channel connection) {
      long quiet = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastRead);
      if (quiet >= QUIET_MILLIS) {
        connection.close();
      } else if (connection.isActive()) {
        connection.eventLoop().schedule(() -> check(connection), QUIET_MILLIS - quiet, TimeUnit.MILLISECONDS);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      lastRead = System.nanoTime();
      ctx.fireChannelRead(msg);
    }
  }
}
