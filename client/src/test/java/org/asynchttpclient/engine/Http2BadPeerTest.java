package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Flags;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2FrameTypes;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/**
 * A bad HTTP/2 peer (h2c, prior knowledge), written frame by frame: a malformed frame or a flood
 * ends the connection, and each open stream fails at once with an IOException naming the cause,
 * not at its request timeout. The paranoid leak detector watches every buffer.
 */
class Http2BadPeerTest extends ClientAndServer<RawServer> {
  private static final int STREAMS = 2;

  /**
   * Writes the bad frames, on the connection's loop during the read that brought the last of the
   * {@code streams} the client opened; they are flushed when that read completes.
   */
  private interface Attack {
    void write(DefaultHttp2FrameWriter writer, ChannelHandlerContext ctx, List<Integer> streams);
  }

  /**
   * The listener of one connection's {@link H2FramePeer}: records the ids of the streams the
   * client opens, and once {@code attackAt} are open runs the attack on them.
   */
  private static final class Attacker extends Http2FrameAdapter {
    final List<Integer> streams = new CopyOnWriteArrayList<>();
    final Channel channel;
    private final int attackAt;
    private final Attack attack;

    Attacker(Channel channel, int attackAt, Attack attack) {
      this.channel = channel;
      this.attackAt = attackAt;
      this.attack = attack;
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
      if (!streams.contains(id)) {
        streams.add(id);
        if (streams.size() == attackAt) {
          attack.write(((H2FramePeer) ctx.handler()).writer, ctx, streams);
        }
      }
    }
  }

  /**
   * A server that gives each connection an {@link H2FramePeer} (which sends empty SETTINGS first)
   * and an {@link Attacker} behind it, noted in {@code attackers}.
   */
  private static RawServer attackingServer(int attackAt, Attack attack, List<Attacker> attackers)
      throws InterruptedException {
    return RawServer.withPipeline(
        ch -> {
          Attacker attacker = new Attacker(ch, attackAt, attack);
          attackers.add(attacker);
          ch.pipeline().addLast(new H2FramePeer(new Http2Settings(), attacker));
        });
  }

  /** Opens {@link #STREAMS} streams against a peer that attacks once they are open. */
  private static DefaultAsyncHttpClient newClient() {
    return ClientFixture.client(ClientFixture.h2cConfig(Duration.ofSeconds(30)));
  }

  private void assertEveryStreamFailsPromptly(
      int streams, Attack attack, String expectedInMessage) throws Exception {
    List<Attacker> attackers = new CopyOnWriteArrayList<>();
    server = attackingServer(streams, attack, attackers);
    client = newClient();
    long start = System.nanoTime();
    ListenableFuture<?>[] futures = new ListenableFuture<?>[streams];
    for (int i = 0; i < streams; i++) {
      futures[i] = client.prepareGet(server.url("/s" + i)).execute();
    }
    for (ListenableFuture<?> f : futures) {
      ExecutionException e = Await.failed(f, 15);
      assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
      String message = e.getCause().getMessage();
      assertTrue(message.contains(expectedInMessage), "message names the cause: " + message);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 10_000, "failed after " + millis + " ms, not at the 30 s timeout");
    // Counted by the streams each connection carried, not by accepted connections: a connection
    // with no stream on it (a straggler from another test's client) says nothing about this one,
    // while a stream replayed on a second connection must fail the test.
    List<Integer> streamsPerConnection = new ArrayList<>();
    Channel connection = null;
    for (Attacker attacker : attackers) {
      streamsPerConnection.add(attacker.streams.size());
      if (!attacker.streams.isEmpty()) {
        connection = attacker.channel;
      }
    }
    assertEquals(
        1,
        streamsPerConnection.stream().filter(n -> n > 0).count(),
        "one connection carries every stream; streams per accepted connection: " + streamsPerConnection);
    assertTrue(streamsPerConnection.contains(streams), "streams per connection: " + streamsPerConnection);
    Channel attacked = Objects.requireNonNull(connection);
    assertTrue(server.await(() -> !attacked.isActive(), Duration.ofSeconds(5)), "connection closed");
  }

  @Test
  void aDataFrameOnStreamZeroEndsTheConnectionAndFailsEveryStream() throws Exception {
    assertEveryStreamFailsPromptly(
        STREAMS,
        (writer, ctx, streams) ->
            writer.writeFrame(
                ctx, Http2FrameTypes.DATA, 0, new Http2Flags(), Unpooled.wrappedBuffer(new byte[] {1, 2, 3}),
                ctx.newPromise()),
        "Http2Exception");
  }

  @Test
  void aHeadersFrameWithABadHpackBlockEndsTheConnectionAndFailsEveryStream() throws Exception {
    // 0xff 0xff ...: an indexed header field whose index never ends (an integer overflow).
    byte[] block = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
    assertEveryStreamFailsPromptly(
        STREAMS,
        (writer, ctx, streams) ->
            writer.writeFrame(
                ctx, Http2FrameTypes.HEADERS, streams.get(0), new Http2Flags().endOfHeaders(true),
                Unpooled.wrappedBuffer(block), ctx.newPromise()),
        "Http2Exception");
  }

  @Test
  void emptyDataFramesWithoutEndOfStreamAreAFloodThatEndsTheConnection() throws Exception {
    assertEveryStreamFailsPromptly(
        STREAMS,
        (writer, ctx, streams) -> {
          for (int id : streams) {
            writer.writeHeaders(
                ctx, id, new DefaultHttp2Headers().status("200"), 0, false, ctx.newPromise());
          }
          for (int i = 0; i < 10; i++) {
            writer.writeData(ctx, streams.get(0), Unpooled.EMPTY_BUFFER, 0, false, ctx.newPromise());
          }
        },
        "empty data frames");
  }

  /**
   * A server resetting streams without end: past 200 resets in 30 s the client ends the
   * connection (Netty enforces that limit only on servers unless asked), and the streams still
   * open fail with the reason rather than wait for their timeout.
   */
  @Test
  void aRstStreamFloodEndsTheConnection() throws Exception {
    int streams = 250;
    server =
        attackingServer(
            streams,
            (writer, ctx, open) -> {
              for (int id : open) {
                writer.writeRstStream(ctx, id, Http2Error.CANCEL.code(), ctx.newPromise());
              }
            },
            new CopyOnWriteArrayList<>());
    // The attacker floods a connection once that one carries all 250 streams. With a further
    // connection per partition (the default allows two once 8 streams are in flight) a loaded
    // machine splits them, say 125 and 125, no connection reaches 250 and every request waits for
    // its timeout: a test artefact, so this test keeps the partition on one connection.
    client = ClientFixture.client(
        ClientFixture.h2cConfig(Duration.ofSeconds(30)).setHttp2MaxConnectionsPerPartition(1));
    long start = System.nanoTime();
    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < streams; i++) {
      futures.add(client.prepareGet(server.url("/r" + i)).execute());
    }
    int namedTheFlood = 0;
    for (ListenableFuture<Response> f : futures) {
      ExecutionException e = Await.failed(f, 15);
      assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
      if (e.getCause().getMessage().contains("RST frames")) {
        namedTheFlood++;
      }
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 10_000, "failed after " + millis + " ms, not at the 30 s timeout");
    assertTrue(namedTheFlood > 0, "the streams left open when the flood ended the connection name it");
    Channel connection = server.acceptedChannels().get(0);
    assertTrue(server.await(() -> !connection.isActive(), Duration.ofSeconds(5)), "connection closed");
  }

  // ---- header fields (AHC 3.0.12, #2275). Netty's decoder refuses a name that is no token, a
  // value with CR, LF or NUL and a connection-specific field, as a stream error; StreamCodec checks
  // the same again as it copies the fields, and drops what a trailer may not carry.

  /** A response to the client's first stream, written by {@code answer}, on a fresh server. */
  private ListenableFuture<Response> firstStreamAnsweredBy(Attack answer, RecordingHandler handler)
      throws Exception {
    server = attackingServer(1, answer, new CopyOnWriteArrayList<>());
    client = newClient();
    return client.prepareGet(server.url("/h")).execute(handler);
  }

  private static Http2Headers unvalidated() {
    return new DefaultHttp2Headers(false);
  }

  @Test
  void aResponseHeaderWithALineBreakInItsValueFailsTheRequestNamingIt() throws Exception {
    ListenableFuture<Response> f =
        firstStreamAnsweredBy(
            (writer, ctx, streams) ->
                writer.writeHeaders(
                    ctx, streams.get(0), unvalidated().status("200").add("x-split", "a\r\nInjected: 1"),
                    0, true, ctx.newPromise()),
            new RecordingHandler());
    ExecutionException e = Await.failed(f, 15);
    assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
    assertTrue(e.getCause().getMessage().contains("x-split"), e.getCause().getMessage());
  }

  @Test
  void aResponseHeaderNameThatIsNoTokenFailsTheRequest() throws Exception {
    ListenableFuture<Response> f =
        firstStreamAnsweredBy(
            (writer, ctx, streams) ->
                writer.writeHeaders(
                    ctx, streams.get(0), unvalidated().status("200").add("x(bad)", "v"), 0, true,
                    ctx.newPromise()),
            new RecordingHandler());
    ExecutionException e = Await.failed(f, 15);
    assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
    assertTrue(e.getCause().getMessage().contains("x(bad)"), e.getCause().getMessage());
  }

  @Test
  void aConnectionSpecificFieldNettyRefusesFailsTheStreamAtOnce() throws Exception {
    // Netty's decoder treats transfer-encoding as malformed in HTTP/2 (RFC 9113 section 8.2.2): a
    // stream error, which must reach the stream rather than leave it to its request timeout.
    long start = System.nanoTime();
    ListenableFuture<Response> f =
        firstStreamAnsweredBy(
            (writer, ctx, streams) ->
                writer.writeHeaders(
                    ctx, streams.get(0), unvalidated().status("200").add("transfer-encoding", "chunked"),
                    0, true, ctx.newPromise()),
            new RecordingHandler());
    ExecutionException e = Await.failed(f, 15);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(millis < 10_000, "failed after " + millis + " ms, not at the 30 s timeout");
    assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
    assertTrue(e.getCause().getMessage().contains("transfer-encoding"), e.getCause().getMessage());
  }

  @Test
  void trailerFieldsATrailerMayNotCarryAreDroppedAndTheResponseCompletes() throws Exception {
    RecordingHandler handler = new RecordingHandler();
    ListenableFuture<Response> f =
        firstStreamAnsweredBy(
            (writer, ctx, streams) -> {
              int id = streams.get(0);
              writer.writeHeaders(ctx, id, unvalidated().status("200"), 0, false, ctx.newPromise());
              writer.writeData(ctx, id, Unpooled.wrappedBuffer(new byte[] {'h', 'i'}), 0, false, ctx.newPromise());
              writer.writeHeaders(
                  ctx, id,
                  unvalidated().add("x-checksum", "abc").add("content-length", "2")
                      .add("trailer", "x-checksum"),
                  0, true, ctx.newPromise());
            },
            handler);
    assertEquals("hi", f.get(15, TimeUnit.SECONDS).getResponseBody());
    HttpHeaders trailers = Objects.requireNonNull(handler.trailers(), "no trailers heard");
    assertEquals("abc", trailers.get("x-checksum"));
    assertEquals(1, trailers.size(), String.valueOf(trailers));
  }
}
