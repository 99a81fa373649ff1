package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.ssl.ApplicationProtocolNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.ResponseBodyControl;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.TestServer;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ResponseBodyControl} against a real server, over HTTP/1.1 and over HTTP/2 (the same TLS
 * server, whose ALPN offers one or the other): a suspended body backs the server up (its writes
 * stop completing) while another stream of the same HTTP/2 connection completes, and resumes
 * byte for byte; the read timeout waits while suspended and the request timeout does not; cancel
 * completes normally with a prefix and closes the connection (HTTP/1.1) or resets only the stream
 * (HTTP/2); calls after the end do nothing; cancel, the response's end and a timeout racing end
 * each exchange once.
 */
class ResponseBodyControlTest extends H2Fixture {
  private static final String H1 = ApplicationProtocolNames.HTTP_1_1;
  private static final String H2 = ApplicationProtocolNames.HTTP_2;
  private static final int CHUNK = 16 * 1024;
  /** Chunk {@code i} of a pumped body is {@code CHUNK} bytes of this from offset {@code i % 251}. */
  private static final byte[] PATTERN = new byte[CHUNK + 251];

  static {
    new Random(44).nextBytes(PATTERN);
  }

  private H2TestServer start(String protocol) throws Exception {
    server = new H2TestServer(new H2TestServer.Options().alpn(protocol));
    server.route("/small", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "small"));
    return server;
  }

  /**
   * TLS to the loopback server; the client's socket receive buffer is fixed (no autotuning) so
   * that a suspended HTTP/1.1 body backs up into the server after a few hundred KiB; HTTP/2 streams
   * get a 64 KiB window, the protocol's default.
   */
  private static DefaultAsyncHttpClientConfig.Builder config() {
    return Http2NegotiationTest.tlsConfig()
        .setMaxRequestRetry(0)
        .setSoRcvBuf(64 * 1024)
        .setHttp2InitialWindowSize(65_535)
        .setHttp2MaxConnectionsPerPartition(1);
  }

  // ---- a server that writes a large body as fast as the client takes it

  /** Writes {@code total} bytes, two chunks in flight, and records how far its writes got. */
  static final class Pump {
    final long total;
    final AtomicLong written = new AtomicLong();
    final CompletableFuture<Void> done = new CompletableFuture<>();
    volatile long lastProgressNanos = System.nanoTime();
    // server loop only
    private long queued;

    Pump(long total) {
      this.total = total;
    }

    void start(ChannelHandlerContext ctx) {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      HttpUtil.setContentLength(head, total);
      TestServer.queue(ctx, head);
      next(ctx);
      next(ctx);
    }

    private void next(ChannelHandlerContext ctx) {
      if (queued >= total) {
        return;
      }
      long index = queued / CHUNK;
      int n = (int) Math.min(CHUNK, total - queued);
      queued += n;
      boolean last = queued == total;
      ByteBuf bytes = Unpooled.wrappedBuffer(PATTERN, (int) (index % 251), n);
      HttpContent part = last ? new DefaultLastHttpContent(bytes) : new DefaultHttpContent(bytes);
      ctx.writeAndFlush(part).addListener(f -> {
        if (!f.isSuccess()) {
          done.completeExceptionally(f.cause());
          return;
        }
        written.addAndGet(n);
        lastProgressNanos = System.nanoTime();
        if (last) {
          done.complete(null);
        } else {
          next(ctx);
        }
      });
    }

    /** Whether its writes stopped completing (for 300 ms) before the end of the body. */
    boolean stalled() {
      return !done.isDone()
          && written.get() > 0
          && System.nanoTime() - lastProgressNanos > TimeUnit.MILLISECONDS.toNanos(300);
    }

    /** The body's first {@code length} bytes, as the pump writes them. */
    static byte[] prefix(int length) {
      byte[] out = new byte[length];
      for (int off = 0; off < length; off += CHUNK) {
        int index = off / CHUNK;
        System.arraycopy(PATTERN, index % 251, out, off, Math.min(CHUNK, length - off));
      }
      return out;
    }

    static long crc(long total) {
      CRC32 crc = new CRC32();
      for (long off = 0, index = 0; off < total; off += CHUNK, index++) {
        crc.update(PATTERN, (int) (index % 251), (int) Math.min(CHUNK, total - off));
      }
      return crc.getValue();
    }
  }

  // ---- a handler that checksums the body and hands its control to the test

  /** Counts and checksums the body; suspends at the first part when told to. */
  static final class Flow implements AsyncHandler<Flow> {
    final CompletableFuture<ResponseBodyControl> control = new CompletableFuture<>();
    final CompletableFuture<Void> firstPart = new CompletableFuture<>();
    /** The client's connection (its loop is the exchange's, over HTTP/2 too). */
    final CompletableFuture<Channel> connection = new CompletableFuture<>();
    final AtomicInteger bodyStarts = new AtomicInteger();
    final AtomicInteger parts = new AtomicInteger();
    final AtomicInteger terminals = new AtomicInteger();
    final AtomicLong bytes = new AtomicLong();
    final boolean suspendAtFirstPart;
    volatile int status;
    volatile @Nullable Throwable failure;
    // the loop's, read once the exchange ended
    private final CRC32 crc = new CRC32();

    Flow(boolean suspendAtFirstPart) {
      this.suspendAtFirstPart = suspendAtFirstPart;
    }

    @Override
    public void onTcpConnectSuccess(java.net.InetSocketAddress remote, Channel c) {
      connection.complete(c);
    }

    @Override
    public void onConnectionPooled(Channel c) {
      connection.complete(c);
    }

    @Override
    public State onStatusReceived(org.asynchttpclient.HttpResponseStatus s) {
      status = s.getStatusCode();
      return State.CONTINUE;
    }

    @Override
    public State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders headers) {
      return State.CONTINUE;
    }

    @Override
    public State onResponseBodyStart(ResponseBodyControl c) {
      bodyStarts.incrementAndGet();
      control.complete(c);
      return State.CONTINUE;
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart part) {
      byte[] b = part.getBodyPartBytes();
      crc.update(b, 0, b.length);
      bytes.addAndGet(b.length);
      if (parts.incrementAndGet() == 1) {
        if (suspendAtFirstPart) {
          control.join().suspend();
        }
        firstPart.complete(null);
      }
      return State.CONTINUE;
    }

    @Override
    public void onThrowable(Throwable t) {
      failure = t;
      terminals.incrementAndGet();
    }

    @Override
    public Flow onCompleted() {
      terminals.incrementAndGet();
      return this;
    }

    long crc() {
      return crc.getValue();
    }
  }

  private static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(20, TimeUnit.SECONDS);
  }

  // ---- the tests

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void aSuspendedBodyBacksTheServerUpWhileAnotherStreamCompletesAndResumesWhole(String protocol)
      throws Exception {
    long total = 8L << 20;
    Pump pump = new Pump(total);
    start(protocol).route("/big", (ctx, req) -> pump.start(ctx));
    // A request timeout well past the sibling's wait: the suspended stream must not end (and
    // give its window back) before the sibling is judged.
    client = ClientFixture.client(config().setRequestTimeout(Duration.ofSeconds(60)));
    if (protocol.equals(H2)) {
      // The connection exists before the big stream starts, so both streams share it.
      assertEquals("small", client.prepareGet(server.url("/small")).execute().get(20, TimeUnit.SECONDS).getResponseBody());
    }

    Flow flow = new Flow(true);
    ListenableFuture<Flow> big = client.prepareGet(server.url("/big")).execute(flow);
    get(flow.firstPart);
    Await.until(pump::stalled, Duration.ofSeconds(20),
        () -> "the server's writes went on: " + pump.written.get() + " of " + total + " bytes");
    assertEquals(1, flow.parts.get(), "nothing of the body reaches the handler while suspended");

    if (protocol.equals(H2)) {
      // The suspended stream holds its own window only: a sibling's body flows, many windows long.
      byte[] sibling = Pump.prefix(512 * 1024);
      server.route("/sibling", (ctx, req) -> {
        DefaultFullHttpResponse res = new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(sibling));
        HttpUtil.setContentLength(res, sibling.length);
        TestServer.send(ctx, res);
      });
      Response res = client.prepareGet(server.url("/sibling")).execute().get(10, TimeUnit.SECONDS);
      assertArrayEquals(sibling, res.getResponseBodyAsBytes());
      assertEquals(1, server.connections().size(), "both streams on one connection");
      assertFalse(big.isDone());
      assertTrue(pump.stalled(), "the suspended stream stays stopped");
    }

    long before = pump.written.get();
    get(flow.control).resume(); // from the test's thread: hops onto the channel's loop
    Flow done = big.get(30, TimeUnit.SECONDS);
    assertTrue(pump.written.get() > before);
    assertEquals(200, done.status);
    assertEquals(total, done.bytes.get());
    assertEquals(Pump.crc(total), done.crc(), "the body arrived byte for byte");
    assertEquals(1, done.terminals.get());
    assertEquals(1, done.bodyStarts.get());
    assertNull(done.failure);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void theReadTimeoutWaitsWhileSuspendedAndAppliesAgainAfterTheResume(String protocol)
      throws Exception {
    ManualTimer timer = new ManualTimer();
    start(protocol).route("/stall", (ctx, req) -> {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      HttpUtil.setContentLength(head, 1000);
      TestServer.queue(ctx, head);
      TestServer.send(ctx, new DefaultHttpContent(Unpooled.wrappedBuffer(Pump.prefix(10))));
    });
    client = ClientFixture.client(config().setNettyTimer(timer)
        .setReadTimeout(Duration.ofSeconds(1)).setRequestTimeout(Duration.ofSeconds(60)));
    Flow flow = new Flow(true);
    ListenableFuture<Flow> f = client.prepareGet(server.url("/stall")).execute(flow);
    get(flow.firstPart);

    for (int i = 0; i < 5; i++) {
      timer.advance(Duration.ofSeconds(1));
    }
    timer.advance(Duration.ofMillis(500));
    assertFalse(Await.untilOrNot(f::isDone, Duration.ofMillis(200)), "no read timeout while suspended");

    ResponseBodyControl control = get(flow.control);
    control.resume();
    control.suspend();
    control.resume();
    // The calls hop onto the loop; a task queued there after them runs once they have.
    get(flow.connection).eventLoop().submit(() -> {}).get(5, TimeUnit.SECONDS);
    timer.advance(Duration.ofMillis(990));
    assertFalse(Await.untilOrNot(f::isDone, Duration.ofMillis(200)), "the resume counted as a read");
    timer.advance(Duration.ofMillis(20));
    ExecutionException e = Await.failed(f, 10);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertTrue(e.getCause().getMessage().startsWith("Read timeout"), e.getCause().getMessage());
    assertEquals(1, flow.terminals.get());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void theRequestTimeoutStillEndsASuspendedExchange(String protocol) throws Exception {
    ManualTimer timer = new ManualTimer();
    Pump pump = new Pump(8L << 20);
    start(protocol).route("/big", (ctx, req) -> pump.start(ctx));
    client = ClientFixture.client(config().setNettyTimer(timer)
        .setReadTimeout(Duration.ofSeconds(1)).setRequestTimeout(Duration.ofSeconds(10)));
    Flow flow = new Flow(true);
    ListenableFuture<Flow> f = client.prepareGet(server.url("/big")).execute(flow);
    get(flow.firstPart);

    for (int i = 0; i < 9; i++) {
      timer.advance(Duration.ofSeconds(1));
    }
    assertFalse(Await.untilOrNot(f::isDone, Duration.ofMillis(200)), "the read timeout waits");
    timer.advance(Duration.ofSeconds(1));
    ExecutionException e = Await.failed(f, 10);
    assertInstanceOf(TimeoutException.class, e.getCause());
    assertTrue(e.getCause().getMessage().startsWith("Request timeout"), e.getCause().getMessage());
    assertEquals(1, flow.terminals.get());
    assertServerSawTheEnd(protocol, "/big");
  }

  /** HTTP/1.1: the server's connection closed. HTTP/2: the stream reset with CANCEL, the connection open. */
  private void assertServerSawTheEnd(String protocol, String path) throws Exception {
    if (protocol.equals(H1)) {
      server.awaitClosed(1);
      return;
    }
    int stream = server.received().stream().filter(r -> r.path.equals(path)).findFirst().get().streamId;
    assertTrue(
        server.await(() -> server.resets().stream().anyMatch(r -> r.streamId == stream), Duration.ofSeconds(10)),
        "no RST_STREAM for stream " + stream + ": " + server.resets());
    for (H2TestServer.Reset r : server.resets()) {
      assertEquals(Http2Error.CANCEL.code(), r.errorCode, r.toString());
    }
    assertEquals(0, server.closedCount(), "the connection stays");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void cancelCompletesNormallyWithThePrefixAndEndsOnlyWhatItMust(String protocol) throws Exception {
    Pump pump = new Pump(8L << 20);
    start(protocol).route("/big", (ctx, req) -> pump.start(ctx));
    client = ClientFixture.client(config());
    if (protocol.equals(H2)) {
      assertEquals("small", client.prepareGet(server.url("/small")).execute().get(20, TimeUnit.SECONDS).getResponseBody());
    }
    BodyRecorder h = new BodyRecorder();
    ListenableFuture<Response> f = client.prepareGet(server.url("/big")).execute(h);
    get(h.firstPart);
    get(h.control).cancel(); // from the test's thread

    Response res = f.get(20, TimeUnit.SECONDS);
    assertEquals(200, res.getStatusCode());
    byte[] body = res.getResponseBodyAsBytes();
    assertTrue(body.length > 0 && body.length < pump.total, "a prefix: " + body.length + " bytes");
    assertArrayEquals(Pump.prefix(body.length), body);
    assertEquals(1, h.terminals.get(), "one onCompleted, no onThrowable");
    assertEquals(0, h.offers.get(), "a body cut short: its connection is never offered back");
    assertServerSawTheEnd(protocol, "/big");

    assertEquals("small", client.prepareGet(server.url("/small")).execute().get(20, TimeUnit.SECONDS).getResponseBody());
    assertEquals(protocol.equals(H1) ? 2 : 1, server.connections().size(),
        "HTTP/1.1: the cancelled connection is never pooled; HTTP/2: its connection goes on");
  }

  /** Records the body like AsyncCompletionHandlerBase and hands its control to the test. */
  static class BodyRecorder extends org.asynchttpclient.AsyncCompletionHandlerBase {
    final CompletableFuture<ResponseBodyControl> control = new CompletableFuture<>();
    final CompletableFuture<Void> firstPart = new CompletableFuture<>();
    final AtomicInteger terminals = new AtomicInteger();
    /** How often the exchange offered its connection back (a pooled HTTP/1.1 one, an ended stream's). */
    final AtomicInteger offers = new AtomicInteger();

    @Override
    public State onResponseBodyStart(ResponseBodyControl c) {
      control.complete(c);
      return State.CONTINUE;
    }

    @Override
    public void onConnectionOffer(Channel connection) {
      offers.incrementAndGet();
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart content) throws Exception {
      State s = super.onBodyPartReceived(content);
      firstPart.complete(null);
      return s;
    }

    @Override
    public Response onCompleted(Response response) throws Exception {
      terminals.incrementAndGet();
      return super.onCompleted(response);
    }

    @Override
    public void onThrowable(Throwable t) {
      terminals.incrementAndGet();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1})
  void cancelOnceTheWholeBodyWasReadKeepsTheConnection(String protocol) throws Exception {
    start(protocol);
    client = ClientFixture.client(config());
    BodyRecorder h =
        new BodyRecorder() {
          @Override
          public State onResponseBodyStart(ResponseBodyControl c) {
            c.suspend(); // the rest of this small response, read with its head, is held
            return super.onResponseBodyStart(c);
          }
        };
    ListenableFuture<Response> f = client.prepareGet(server.url("/small")).execute(h);
    get(h.control).cancel();
    Response res = f.get(20, TimeUnit.SECONDS);
    assertEquals(200, res.getStatusCode());
    assertEquals("", res.getResponseBody(), "the handler heard none of the held body");
    assertEquals(1, h.offers.get(), "read to its end: offered back to the pool");

    assertEquals("small", client.prepareGet(server.url("/small")).execute().get(20, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size(), "the connection read to its end was pooled");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void callsAfterTheEndDoNothing(String protocol) throws Exception {
    start(protocol);
    client = ClientFixture.client(config().setReadTimeout(Duration.ofSeconds(5)));
    Flow flow = new Flow(false);
    client.prepareGet(server.url("/small")).execute(flow).get(20, TimeUnit.SECONDS);
    ResponseBodyControl c = get(flow.control);
    c.suspend();
    c.cancel();
    c.resume();
    c.suspend();

    Flow next = new Flow(false);
    assertEquals(200, client.prepareGet(server.url("/small")).execute(next).get(20, TimeUnit.SECONDS).status);
    assertEquals(5, next.bytes.get());
    assertEquals(1, server.connections().size(), "the same connection, still read");
    assertEquals(1, flow.terminals.get());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void calledOnceForTheFinalResponseOfARedirect(String protocol) throws Exception {
    start(protocol).route("/moved", (ctx, req) -> {
      DefaultFullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.FOUND);
      res.headers().set(HttpHeaderNames.LOCATION, "/small");
      HttpUtil.setContentLength(res, 0);
      TestServer.send(ctx, res);
    });
    client = ClientFixture.client(config().setFollowRedirect(true));
    Flow flow = new Flow(false);
    Flow done = client.prepareGet(server.url("/moved")).execute(flow).get(20, TimeUnit.SECONDS);
    assertEquals(200, done.status);
    assertEquals(1, done.bodyStarts.get(), "not for the 302 the client followed");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {H1, H2})
  void cancelTheResponsesEndAndATimeoutRacingEndEachExchangeOnce(String protocol) throws Exception {
    // The first part at once, the last one `at` ms later; the client cancels `at` ms after the
    // first part and its read timeout is `at` ms: three ends at about one instant.
    start(protocol).route("/race", (ctx, req) -> {
      long at = Long.parseLong(req.headers.get("x-at"));
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      HttpUtil.setContentLength(head, 20);
      TestServer.queue(ctx, head);
      TestServer.send(ctx, new DefaultHttpContent(Unpooled.wrappedBuffer(Pump.prefix(10))));
      TestServer.later(ctx, at, () -> TestServer.send(ctx, new DefaultLastHttpContent(
          Unpooled.wrappedBuffer(Arrays.copyOfRange(Pump.prefix(20), 10, 20)))));
    });
    client = ClientFixture.client(config().setUseEventLoopTimeouts(true));
    Random random = new Random(protocol.length());
    ScheduledExecutorService canceller = Executors.newSingleThreadScheduledExecutor();
    try {
      int batches = 6;
      int perBatch = 4;
      int[] outcomes = new int[2]; // completed (whole, or a prefix when the cancel won), timed out
      for (int b = 0; b < batches; b++) {
        Flow[] flows = new Flow[perBatch];
        List<ListenableFuture<Flow>> futures = new ArrayList<>();
        for (int i = 0; i < perBatch; i++) {
          int at = 15 + random.nextInt(6);
          Flow flow = new Flow(false);
          flows[i] = flow;
          futures.add(client.prepareGet(server.url("/race"))
              .addHeader("x-at", Integer.toString(at))
              .setReadTimeout(Duration.ofMillis(at))
              .execute(flow));
          CompletableFuture<?> unused = flow.firstPart.thenRun(() -> {
            ScheduledFuture<?> unusedCancel =
                canceller.schedule(() -> flow.control.join().cancel(), at, TimeUnit.MILLISECONDS);
          });
        }
        for (int i = 0; i < perBatch; i++) {
          try {
            Flow done = futures.get(i).get(20, TimeUnit.SECONDS);
            assertEquals(200, done.status);
            assertTrue(done.bytes.get() == 10 || done.bytes.get() == 20, done.bytes.get() + " bytes");
            outcomes[0]++;
          } catch (ExecutionException e) {
            assertInstanceOf(TimeoutException.class, e.getCause(), "batch " + b + ": " + e.getCause());
            outcomes[1]++;
          }
        }
        // A second terminal callback, had a loser made one, would come right after the first.
        for (Flow flow : flows) {
          Await.until(() -> flow.terminals.get() >= 1, Duration.ofSeconds(5), () -> "a terminal callback");
        }
        Await.untilOrNot(() -> Arrays.stream(flows).anyMatch(fl -> fl.terminals.get() > 1), Duration.ofMillis(50));
        for (Flow flow : flows) {
          assertEquals(1, flow.terminals.get(), "batch " + b + " ended once each");
        }
      }
      assertEquals(batches * perBatch, outcomes[0] + outcomes[1]);
      assertEquals("small", client.prepareGet(server.url("/small")).execute().get(20, TimeUnit.SECONDS).getResponseBody());
    } finally {
      canceller.shutdownNow();
    }
  }
}
