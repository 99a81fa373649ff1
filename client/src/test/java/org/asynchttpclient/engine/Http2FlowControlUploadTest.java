package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.generator.ReactiveStreamsBodyGenerator;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A streamed request body over HTTP/2 is pulled from its source only as fast as the server's
 * flow-control window lets it go out, never read whole up front. The server (h2c, frame by frame)
 * announces a 16 KiB stream window and withholds every WINDOW_UPDATE; the body is 4 MiB, produced
 * lazily by a source that counts what the client took. While no credit is given the client may
 * have taken at most {@link #MAX_PULLED_WITHOUT_CREDIT}; once the server grants credit the whole
 * body arrives, byte for byte.
 */
class Http2FlowControlUploadTest extends ClientAndServer<RawServer> {
  /** The server's SETTINGS_INITIAL_WINDOW_SIZE: the most DATA a stream may send without credit. */
  private static final int WINDOW = 16 * 1024;
  private static final int BODY = 4 << 20;
  /** The client's chunkedFileChunkSize default: the size of one pull from a body source. */
  private static final int CHUNK = 8192;
  /**
   * What a stalled upload may have pulled. The chunked writer (InputStream and BodyGenerator
   * bodies) pulls while the stream channel is writable, and Netty counts a stream's DATA as
   * pending until it reached the socket: past the channel's 64 KiB high water mark (frame headers
   * included) the channel turns unwritable and the writer stops, whatever the window (measured:
   * eight chunks, 64 KiB). A reactive body asks for the next buffer only once the last one was
   * written (measured: the window and one chunk, 24 KiB). Bound: the window, the high water mark
   * and three chunks, 104 KiB of the 4 MiB body; a writer that reads the body whole takes all of it.
   */
  private static final int MAX_PULLED_WITHOUT_CREDIT = WINDOW + 64 * 1024 + 3 * CHUNK;

  private static final String EXPECTED = BODY + ":" + md5OfPattern(BODY);

  private Uploads uploads;

  /** The body's byte at {@code offset}: not periodic within a window, so a lost chunk shows. */
  static byte patternAt(long offset) {
    return (byte) (offset * 31 + (offset >>> 13));
  }

  /** Writes the pattern bytes from {@code offset} on into {@code b[off, off + len)}. */
  static void fill(byte[] b, int off, int len, long offset) {
    for (int i = 0; i < len; i++) {
      b[off + i] = patternAt(offset + i);
    }
  }

  private static String md5OfPattern(int length) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      byte[] block = new byte[CHUNK];
      for (int off = 0; off < length; off += CHUNK) {
        int n = Math.min(CHUNK, length - off);
        fill(block, 0, n, off);
        md5.update(block, 0, n);
      }
      return hex(md5.digest());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hex(byte[] digest) {
    StringBuilder sb = new StringBuilder();
    for (byte b : digest) {
      sb.append(String.format("%02x", b));
    }
    return sb.toString();
  }

  /**
   * Reads the one upload stream, grants no credit until told to, acknowledges nothing but
   * SETTINGS, and answers {@code length:md5} of what it received when the stream ends.
   */
  private final class Uploads extends Http2FrameAdapter {
    final AtomicLong received = new AtomicLong();
    final AtomicInteger pingAcks = new AtomicInteger();
    volatile int streamId;
    /** The connection that carries the upload. */
    volatile H2FramePeer peer;
    private final MessageDigest md5;

    Uploads() throws Exception {
      md5 = MessageDigest.getInstance("MD5");
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
      peer = (H2FramePeer) ctx.handler();
      streamId = id;
      server.signal();
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int id, ByteBuf data, int padding, boolean endOfStream) {
      int length = data.readableBytes();
      md5.update(data.nioBuffer());
      long total = received.addAndGet(length);
      if (endOfStream) {
        H2FramePeer peer = (H2FramePeer) ctx.handler();
        peer.writer.writeHeaders(ctx, id, new DefaultHttp2Headers().status("200"), 0, false, ctx.newPromise());
        ByteBuf answer = Unpooled.copiedBuffer(total + ":" + hex(md5.digest()), StandardCharsets.US_ASCII);
        peer.writer.writeData(ctx, id, answer, 0, true, ctx.newPromise());
      }
      server.signal();
      return length + padding;
    }

    @Override
    public void onPingAckRead(ChannelHandlerContext ctx, long data) {
      pingAcks.incrementAndGet();
      server.signal();
    }
  }

  /**
   * Sends {@code request} to a peer that withholds credit, checks what the client pulled from the
   * body source while it could send no more than the window, then grants credit and checks that
   * the whole body arrived intact.
   */
  private void assertUploadFollowsTheWindow(BoundRequestBuilder request, AtomicLong pulled) throws Exception {
    ListenableFuture<Response> future = request.execute();
    assertTrue(
        server.await(() -> uploads.received.get() >= WINDOW, Duration.ofSeconds(20)),
        "the client sent the first window; received " + uploads.received.get());
    H2FramePeer peer = uploads.peer;
    // Three PING round trips: the client's loop has turned at least three times since the window
    // ran out, so a writer that pulls past its window (at once or chunk by chunk per turn) has done so.
    for (int round = 1; round <= 3; round++) {
      long payload = round;
      peer.run(ctx -> peer.writer.writePing(ctx, false, payload, ctx.newPromise()));
      int expectedAcks = round;
      assertTrue(server.await(() -> uploads.pingAcks.get() >= expectedAcks, Duration.ofSeconds(10)), "PING ack " + round);
    }
    long pulledWithoutCredit = pulled.get();
    System.out.println(
        "pulled without credit: " + pulledWithoutCredit + " bytes (window " + WINDOW + ", bound "
            + MAX_PULLED_WITHOUT_CREDIT + ")");
    assertEquals(WINDOW, uploads.received.get(), "the client sent exactly the window, no more");
    assertTrue(
        pulledWithoutCredit <= MAX_PULLED_WITHOUT_CREDIT,
        "pulled " + pulledWithoutCredit + " bytes of " + BODY + " with no credit (expected <= "
            + MAX_PULLED_WITHOUT_CREDIT + ")");

    int stream = uploads.streamId;
    peer.run(
        ctx -> {
          peer.writer.writeWindowUpdate(ctx, 0, BODY, ctx.newPromise());
          peer.writer.writeWindowUpdate(ctx, stream, BODY, ctx.newPromise());
        });
    Response response = future.get(30, TimeUnit.SECONDS);
    assertEquals(200, response.getStatusCode());
    assertEquals(HttpProtocol.HTTP_2, response.getProtocol());
    assertEquals(EXPECTED, response.getResponseBody(), "length:md5 of what the server received");
    assertEquals(BODY, pulled.get(), "bytes pulled from the source in all");
  }

  private void startServer() throws Exception {
    Uploads created = new Uploads();
    uploads = created;
    server =
        RawServer.withPipeline(
            ch -> ch.pipeline().addLast(new H2FramePeer(new Http2Settings().initialWindowSize(WINDOW), created)));
    client = ClientFixture.client(ClientFixture.h2cConfig(Duration.ofSeconds(40)));
  }

  @Test
  void inputStreamBody() throws Exception {
    startServer();
    CountingStream source = new CountingStream();
    assertUploadFollowsTheWindow(client.preparePost(server.url("/upload")).setBody(source), source.pulled);
  }

  @Test
  void bodyGeneratorBody() throws Exception {
    startServer();
    CountingGenerator source = new CountingGenerator();
    assertUploadFollowsTheWindow(client.preparePost(server.url("/upload")).setBody(source), source.pulled);
  }

  @Test
  void reactivePublisherBody() throws Exception {
    startServer();
    CountingPublisher source = new CountingPublisher();
    assertUploadFollowsTheWindow(
        client.preparePost(server.url("/upload")).setBody(new ReactiveStreamsBodyGenerator(source, BODY)),
        source.pulled);
  }

  // ---- counting body sources: each produces the pattern on demand and counts what was taken

  /** An InputStream of {@link #BODY} pattern bytes. */
  private static final class CountingStream extends InputStream {
    final AtomicLong pulled = new AtomicLong();

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      long at = pulled.get();
      if (at >= BODY) {
        return -1;
      }
      int n = (int) Math.min(len, BODY - at);
      fill(b, off, n, at);
      pulled.addAndGet(n);
      return n;
    }
  }

  /** A BodyGenerator whose one Body fills each buffer it is offered. */
  private static final class CountingGenerator implements BodyGenerator {
    final AtomicLong pulled = new AtomicLong();

    @Override
    public Body createBody() {
      return new Body() {
        @Override
        public long getContentLength() {
          return BODY;
        }

        @Override
        public BodyState transferTo(ByteBuf target) {
          long at = pulled.get();
          byte[] bytes = new byte[(int) Math.min(target.writableBytes(), BODY - at)];
          fill(bytes, 0, bytes.length, at);
          target.writeBytes(bytes);
          return pulled.addAndGet(bytes.length) >= BODY ? BodyState.STOP : BodyState.CONTINUE;
        }

        @Override
        public void close() {}
      };
    }
  }

  /** A publisher of {@link #CHUNK}-byte buffers, emitting only what was requested. */
  private static final class CountingPublisher implements Publisher<ByteBuf> {
    final AtomicLong pulled = new AtomicLong();

    @Override
    public void subscribe(Subscriber<? super ByteBuf> subscriber) {
      subscriber.onSubscribe(
          new Subscription() {
            private boolean done;

            @Override
            public synchronized void request(long n) {
              for (long i = 0; i < n && !done && pulled.get() < BODY; i++) {
                long at = pulled.get();
                int size = (int) Math.min(CHUNK, BODY - at);
                byte[] bytes = new byte[size];
                fill(bytes, 0, size, at);
                ByteBuf buf = Unpooled.wrappedBuffer(bytes);
                pulled.addAndGet(size);
                subscriber.onNext(buf);
              }
              if (!done && pulled.get() >= BODY) {
                done = true;
                subscriber.onComplete();
              }
            }

            @Override
            public synchronized void cancel() {
              done = true;
            }
          });
    }
  }
}
