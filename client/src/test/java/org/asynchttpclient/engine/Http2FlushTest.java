package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The flushes of an HTTP/2 connection are coalesced ("h2-flush" before the codec), and none is
 * lost: a request written where no read follows (from a caller thread, or from a completion
 * callback on the connection's loop once its read is over) still reaches the server, on an idle
 * connection that no later read would flush. And streams opened together go out together: 64
 * requests waiting for the connection reach the server in fewer TCP reads than streams.
 *
 * <p>The server (h2c, frame by frame) answers each HEADERS at once with its {@code :path} as the
 * body and nothing else: no PING, no WINDOW_UPDATE, so the client reads nothing it did not ask for.
 */
class Http2FlushTest extends ClientAndServer<RawServer> {
  private static final int STREAMS = 64;

  private Answers answers;

  /**
   * Answers each request with 200 and its path, and notes in which of its connection's TCP reads
   * each HEADERS frame arrived.
   */
  private final class Answers extends Http2FrameAdapter {
    final Set<String> readsWithHeaders = ConcurrentHashMap.newKeySet();
    final Set<H2FramePeer> connectionsWithStreams = ConcurrentHashMap.newKeySet();
    final AtomicInteger requests = new AtomicInteger();
    volatile @Nullable H2FramePeer prefaced;

    @Override
    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
      prefaced = (H2FramePeer) ctx.handler();
      server.signal();
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
      H2FramePeer peer = (H2FramePeer) ctx.handler();
      connectionsWithStreams.add(peer);
      readsWithHeaders.add(System.identityHashCode(peer) + "#" + peer.reads());
      requests.incrementAndGet();
      peer.writer.writeHeaders(ctx, id, new DefaultHttp2Headers().status("200"), 0, false, ctx.newPromise());
      peer.writer.writeData(
          ctx, id, Unpooled.copiedBuffer(headers.path(), StandardCharsets.UTF_8), 0, true, ctx.newPromise());
      server.signal();
    }
  }

  /** @param settings the server's SETTINGS, or null to hold them back until the test sends them */
  private void start(@Nullable Http2Settings settings) throws Exception {
    Answers created = new Answers();
    answers = created;
    server = RawServer.withPipeline(ch -> ch.pipeline().addLast(new H2FramePeer(settings, created)));
    client = ClientFixture.client(ClientFixture.h2cConfig(Duration.ofSeconds(20)));
  }

  private String get(String path) throws Exception {
    return client.prepareGet(server.url(path)).execute().get(15, TimeUnit.SECONDS).getResponseBody();
  }

  @Test
  void aLoneRequestFromACallerThreadOnAnIdleConnectionGoesOut() throws Exception {
    start(new Http2Settings());
    assertEquals("/warm", get("/warm"));
    // The connection is idle now: nothing more will be read on it, so only the request's own
    // flush can send it.
    assertEquals("/lone", get("/lone"));
    assertEquals(2, answers.requests.get());
    assertEquals(1, answers.connectionsWithStreams.size(), "one connection");
  }

  @Test
  void aRequestSentFromACompletionCallbackGoesOut() throws Exception {
    start(new Http2Settings());
    assertEquals("/warm", get("/warm"));
    CompletableFuture<ListenableFuture<Response>> second = new CompletableFuture<>();
    CompletableFuture<String> callbackThread = new CompletableFuture<>();
    ListenableFuture<String> first =
        client
            .prepareGet(server.url("/first"))
            .execute(
                new AsyncCompletionHandler<String>() {
                  @Override
                  public String onCompleted(Response response) {
                    callbackThread.complete(Thread.currentThread().getName());
                    // On the connection's loop, inside its read: the new stream is opened in a
                    // task of its own after that read, and nothing is read after it.
                    second.complete(client.prepareGet(server.url("/second")).execute());
                    return response.getResponseBody();
                  }
                });
    assertEquals("/first", first.get(15, TimeUnit.SECONDS));
    assertEquals("/second", second.get(15, TimeUnit.SECONDS).get(15, TimeUnit.SECONDS).getResponseBody());
    String thread = callbackThread.get();
    assertNotEquals(Thread.currentThread().getName(), thread);
    assertTrue(thread.startsWith("AsyncHttpClient-"), "the callback ran on an I/O thread: " + thread);
    assertEquals(3, answers.requests.get());
    assertEquals(1, answers.connectionsWithStreams.size(), "one connection");
  }

  /**
   * The server holds its SETTINGS back until all 64 requests wait for the connection, so they
   * are dispatched together when the SETTINGS arrive: their HEADERS are written by one loop turn
   * and flushed once. The count of TCP reads that carried them is printed; the assertion is only
   * that it is below the count of streams (a flush per stream could still coalesce in the socket,
   * so the count cannot tell the two apart reliably; one read per stream would mean every stream
   * went out alone, and the reader kept up with each).
   */
  @Test
  void streamsOpenedTogetherGoOutTogether() throws Exception {
    start(null);
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < STREAMS; i++) {
      futures.add(client.prepareGet(server.url("/s" + i)).execute());
    }
    assertTrue(server.await(() -> answers.prefaced != null, Duration.ofSeconds(10)), "client preface");
    answers.prefaced.sendSettings(new Http2Settings());
    for (int i = 0; i < STREAMS; i++) {
      assertEquals("/s" + i, futures.get(i).get(20, TimeUnit.SECONDS).getResponseBody());
    }
    int reads = answers.readsWithHeaders.size();
    System.out.println(STREAMS + " streams' HEADERS reached the server in " + reads + " TCP read(s)");
    assertEquals(STREAMS, answers.requests.get());
    assertEquals(1, answers.connectionsWithStreams.size(), "one connection");
    assertTrue(reads < STREAMS, "HEADERS of " + STREAMS + " streams in " + reads + " reads");
  }
}
