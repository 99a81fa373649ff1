package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.multipart.Attribute;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.request.body.generator.BoundedQueueFeedableBodyGenerator;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FeedableBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.generator.InputStreamBodyGenerator;
import org.asynchttpclient.request.body.generator.ReactiveStreamsBodyGenerator;
import org.asynchttpclient.request.body.generator.UnboundedQueueFeedableBodyGenerator;
import org.asynchttpclient.request.body.multipart.ByteArrayPart;
import org.asynchttpclient.request.body.multipart.FilePart;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** Request methods, headers, parameters and every body kind, as the server receives them. */
class RequestBodiesTest extends HelloFixture {
  private static final byte[] PAYLOAD = randomBytes(200_000, 7);

  private static DefaultAsyncHttpClient copyingClient;

  @TempDir Path dir;

  @BeforeAll
  static void copyingClient() {
    copyingClient = ClientFixture.client(ClientFixture.config().setDisableZeroCopy(true));
  }

  @AfterAll
  static void closeCopyingClient() {
    copyingClient.close();
  }

  @BeforeEach
  void start() throws Exception {
    server.route(
        "/echo",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, req.method().name()));
  }

  private static byte[] randomBytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private TestServer.Received send(BoundRequestBuilder b) throws Exception {
    int before = server.received().size();
    Response r = b.execute().get(10, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode(), r.getResponseBody());
    assertEquals(before + 1, server.received().size());
    return server.received().get(before);
  }

  // ---- methods, headers, parameters

  @Test
  void everyMethodReachesTheServer() throws Exception {
    String url = server.url("/echo");
    List<BoundRequestBuilder> builders =
        Arrays.asList(
            client().prepareGet(url),
            client().preparePost(url).setBody("p"),
            client().preparePut(url).setBody("u"),
            client().prepareDelete(url),
            client().preparePatch(url).setBody("a"),
            client().prepareOptions(url),
            client().prepareTrace(url),
            client().prepareHead(url));
    List<String> expected =
        Arrays.asList("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "HEAD");
    for (int i = 0; i < builders.size(); i++) {
      Response r = builders.get(i).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      TestServer.Received got = server.received().get(i);
      assertEquals(expected.get(i), got.method);
      if (expected.get(i).equals("HEAD")) {
        assertEquals("", r.getResponseBody());
      } else {
        assertEquals(expected.get(i), r.getResponseBody());
      }
    }
    assertEquals("p", server.received().get(1).body);
    assertEquals("u", server.received().get(2).body);
    assertEquals("a", server.received().get(4).body);
    // All on one keep-alive connection, HEAD included.
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void headersAndQueryParamsArriveAsSent() throws Exception {
    TestServer.Received got =
        send(
            client()
                .prepareGet(server.url("/echo"))
                .addHeader("X-Multi", "a")
                .addHeader("X-Multi", "b")
                .setHeader("X-Single", "v1")
                .addQueryParam("q", "a b&c")
                .addQueryParam("empty", ""));
    assertEquals(Arrays.asList("a", "b"), got.headers.getAll("X-Multi"));
    assertEquals("v1", got.headers.get("X-Single"));
    assertEquals("127.0.0.1:" + server.port(), got.headers.get(HttpHeaderNames.HOST));
    QueryStringDecoder q = new QueryStringDecoder(got.uri);
    assertEquals("/echo", q.path());
    assertEquals(List.of("a b&c"), q.parameters().get("q"));
    assertEquals(List.of(""), q.parameters().get("empty"));
  }

  @Test
  void formParamsAreUrlEncoded() throws Exception {
    TestServer.Received got =
        send(
            client()
                .preparePost(server.url("/echo"))
                .addFormParam("name", "x y")
                .addFormParam("k", "\u00fc&=")
                .addFormParam("k", "2"));
    assertTrue(
        got.headers.get(HttpHeaderNames.CONTENT_TYPE).startsWith("application/x-www-form-urlencoded"),
        got.headers.get(HttpHeaderNames.CONTENT_TYPE));
    assertEquals(String.valueOf(got.bytes.length), got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
    Map<String, List<String>> form = new QueryStringDecoder(got.body, false).parameters();
    assertEquals(List.of("x y"), form.get("name"));
    assertEquals(List.of("\u00fc&=", "2"), form.get("k"));
  }

  // ---- in-memory bodies

  @Test
  void stringBodyUsesTheCharset() throws Exception {
    TestServer.Received got =
        send(client().preparePost(server.url("/echo")).setBody("h\u00e9llo").setCharset(StandardCharsets.ISO_8859_1));
    assertArrayEquals("h\u00e9llo".getBytes(StandardCharsets.ISO_8859_1), got.bytes);
    assertEquals("5", got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void byteArrayBody() throws Exception {
    TestServer.Received got = send(client().preparePut(server.url("/echo")).setBody(PAYLOAD));
    assertArrayEquals(PAYLOAD, got.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void compositeByteArrayBody() throws Exception {
    List<byte[]> parts =
        Arrays.asList(
            "one-".getBytes(StandardCharsets.US_ASCII),
            new byte[0],
            "two-".getBytes(StandardCharsets.US_ASCII),
            "three".getBytes(StandardCharsets.US_ASCII));
    TestServer.Received got = send(client().preparePost(server.url("/echo")).setBody(parts));
    assertEquals("one-two-three", got.body);
    assertEquals("13", got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void byteBufferBodyIsSentFromItsPosition() throws Exception {
    ByteBuffer buffer = ByteBuffer.wrap("skip-payload".getBytes(StandardCharsets.US_ASCII));
    buffer.position(5);
    TestServer.Received got = send(client().preparePost(server.url("/echo")).setBody(buffer));
    assertEquals("payload", got.body);
    assertEquals("7", got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void byteBufBodyIsSentAndLeftToItsOwner() throws Exception {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer();
    try {
      buf.writeBytes(PAYLOAD);
      TestServer.Received got = send(client().preparePost(server.url("/echo")).setBody(buf));
      assertArrayEquals(PAYLOAD, got.bytes);
      assertEquals(1, buf.refCnt(), "the engine must neither keep nor release the user's buffer");
      assertEquals(PAYLOAD.length, buf.readableBytes(), "indexes must not move");
    } finally {
      buf.release();
    }
  }

  // ---- streamed bodies

  @Test
  void inputStreamBodyIsChunked() throws Exception {
    TestServer.Received got =
        send(client().preparePost(server.url("/echo")).setBody(new ByteArrayInputStream(PAYLOAD)));
    assertArrayEquals(PAYLOAD, got.bytes);
    assertEquals("chunked", got.headers.get(HttpHeaderNames.TRANSFER_ENCODING));
    assertNull(got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  /**
   * A stream whose available() always says 1, as upstream InputStreamTest.testInvalidInputStream
   * sends: the body ends at its read() of -1. (3.0.11's ChunkedStream believes available() and never
   * ends the chunked body; its test expects the server's 500 after the server gives up waiting.)
   */
  @Test
  void anInputStreamWhoseAvailableLiesEndsAtItsEnd() throws Exception {
    InputStream lying = new InputStream() {
      private final byte[] data = "abc".getBytes(StandardCharsets.US_ASCII);
      private int next;

      @Override
      public int available() {
        return 1;
      }

      @Override
      public int read() {
        return next < data.length ? data[next++] : -1;
      }
    };
    TestServer.Received got = send(client().preparePost(server.url("/echo"))
        .setHeader(HttpHeaderNames.CONTENT_TYPE, "application/x-www-form-urlencoded").setBody(lying));
    assertEquals("abc", new String(got.bytes, StandardCharsets.US_ASCII));
  }

  @Test
  void fileBodyZeroCopyAndCopying() throws Exception {
    File file = dir.resolve("body.bin").toFile();
    Files.write(file.toPath(), PAYLOAD);
    TestServer.Received zeroCopy = send(client().preparePut(server.url("/echo")).setBody(file));
    assertArrayEquals(PAYLOAD, zeroCopy.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), zeroCopy.headers.get(HttpHeaderNames.CONTENT_LENGTH));
    TestServer.Received copied = send(copyingClient.preparePut(server.url("/echo")).setBody(file));
    assertArrayEquals(PAYLOAD, copied.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), copied.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void byteArrayBodyGenerator() throws Exception {
    TestServer.Received got =
        send(client().preparePost(server.url("/echo")).setBody(new ByteArrayBodyGenerator(PAYLOAD)));
    assertArrayEquals(PAYLOAD, got.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), got.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void fileBodyGeneratorWholeAndRegion() throws Exception {
    File file = dir.resolve("gen.bin").toFile();
    Files.write(file.toPath(), PAYLOAD);
    TestServer.Received whole =
        send(client().preparePost(server.url("/echo")).setBody(new FileBodyGenerator(file)));
    assertArrayEquals(PAYLOAD, whole.bytes);
    TestServer.Received region =
        send(
            copyingClient
                .preparePost(server.url("/echo"))
                .setBody(new FileBodyGenerator(file, 1000, 5000)));
    assertArrayEquals(Arrays.copyOfRange(PAYLOAD, 1000, 6000), region.bytes);
    assertEquals("5000", region.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void inputStreamBodyGeneratorWithAndWithoutLength() throws Exception {
    TestServer.Received unknown =
        send(
            client()
                .preparePost(server.url("/echo"))
                .setBody(new InputStreamBodyGenerator(new ByteArrayInputStream(PAYLOAD))));
    assertArrayEquals(PAYLOAD, unknown.bytes);
    assertEquals("chunked", unknown.headers.get(HttpHeaderNames.TRANSFER_ENCODING));
    TestServer.Received known =
        send(
            client()
                .preparePost(server.url("/echo"))
                .setBody(
                    new InputStreamBodyGenerator(new ByteArrayInputStream(PAYLOAD), PAYLOAD.length)));
    assertArrayEquals(PAYLOAD, known.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), known.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  @Test
  void unboundedFeedableBodyFedFromAnotherThread() throws Exception {
    feedFromAnotherThread(new UnboundedQueueFeedableBodyGenerator());
  }

  @Test
  void boundedFeedableBodyFedFromAnotherThread() throws Exception {
    // Capacity 2 for 40 chunks: the feeder blocks until the writer drains.
    feedFromAnotherThread(new BoundedQueueFeedableBodyGenerator(2));
  }

  private void feedFromAnotherThread(FeedableBodyGenerator generator) throws Exception {
    int chunks = 40;
    int chunkSize = 5000;
    ExecutorService feeder = Executors.newSingleThreadExecutor();
    try {
      org.asynchttpclient.ListenableFuture<Response> f =
          client().preparePost(server.url("/echo")).setBody(generator).execute();
      Future<?> fed =
          feeder.submit(
              () -> {
                for (int i = 0; i < chunks; i++) {
                  ByteBuf chunk = ByteBufAllocator.DEFAULT.buffer(chunkSize);
                  chunk.writeBytes(PAYLOAD, i * chunkSize, chunkSize);
                  feedUntilAccepted(generator, chunk, i == chunks - 1);
                }
                return null;
              });
      fed.get(10, TimeUnit.SECONDS);
      assertEquals(200, f.get(10, TimeUnit.SECONDS).getStatusCode());
    } finally {
      feeder.shutdownNow();
    }
    TestServer.Received got = server.received().get(0);
    assertArrayEquals(Arrays.copyOf(PAYLOAD, chunks * chunkSize), got.bytes);
    assertEquals("chunked", got.headers.get(HttpHeaderNames.TRANSFER_ENCODING));
  }

  /**
   * A bounded generator refuses a chunk while its queue is full (feed returns false), as in 3.0.11:
   * offer it again until the writer has drained the queue. The caller's reference is the caller's
   * to release, accepted or not.
   */
  private static void feedUntilAccepted(FeedableBodyGenerator generator, ByteBuf chunk, boolean last)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    try {
      while (!generator.feed(chunk, last)) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the body writer never drained the queue");
        }
        LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
      }
    } finally {
      chunk.release();
    }
  }

  /** Emits pooled buffers on demand, from the thread that requests them. */
  private static final class BufPublisher implements Publisher<ByteBuf> {
    final byte[] data;
    final int chunk;
    final AtomicInteger subscriptions = new AtomicInteger();
    final AtomicBoolean cancelled = new AtomicBoolean();

    BufPublisher(byte[] data, int chunk) {
      this.data = data;
      this.chunk = chunk;
    }

    @Override
    public void subscribe(Subscriber<? super ByteBuf> s) {
      subscriptions.incrementAndGet();
      s.onSubscribe(
          new Subscription() {
            final AtomicLong demand = new AtomicLong();
            int offset;
            boolean emitting;
            boolean done;

            @Override
            public synchronized void request(long n) {
              demand.addAndGet(n);
              if (emitting) {
                return; // re-entrant call from onNext: the outer loop continues
              }
              emitting = true;
              while (!done && demand.get() > 0 && !cancelled.get()) {
                if (offset >= data.length) {
                  done = true;
                  s.onComplete();
                  break;
                }
                int n2 = Math.min(chunk, data.length - offset);
                ByteBuf b = ByteBufAllocator.DEFAULT.buffer(n2);
                b.writeBytes(data, offset, n2);
                offset += n2;
                demand.decrementAndGet();
                s.onNext(b);
              }
              if (!done && offset >= data.length && !cancelled.get()) {
                done = true;
                s.onComplete();
              }
              emitting = false;
            }

            @Override
            public void cancel() {
              cancelled.set(true);
            }
          });
    }
  }

  @Test
  void reactiveStreamsBody() throws Exception {
    BufPublisher publisher = new BufPublisher(PAYLOAD, 8192);
    TestServer.Received chunked =
        send(
            client()
                .preparePost(server.url("/echo"))
                .setBody(new ReactiveStreamsBodyGenerator(publisher, -1)));
    assertArrayEquals(PAYLOAD, chunked.bytes);
    assertEquals("chunked", chunked.headers.get(HttpHeaderNames.TRANSFER_ENCODING));
    assertEquals(1, publisher.subscriptions.get());

    TestServer.Received sized =
        send(
            client()
                .preparePost(server.url("/echo"))
                .setBody(
                    new ReactiveStreamsBodyGenerator(new BufPublisher(PAYLOAD, 1000), PAYLOAD.length)));
    assertArrayEquals(PAYLOAD, sized.bytes);
    assertEquals(String.valueOf(PAYLOAD.length), sized.headers.get(HttpHeaderNames.CONTENT_LENGTH));
  }

  // ---- multipart

  @Test
  void multipartWithStringByteArrayAndFileParts() throws Exception {
    File file = dir.resolve("upload.bin").toFile();
    byte[] fileBytes = randomBytes(70_000, 11);
    Files.write(file.toPath(), fileBytes);
    byte[] small = randomBytes(300, 13);
    Map<String, Object> parsed = new ConcurrentHashMap<>();
    server.route(
        "/upload",
        (ctx, req) -> {
          HttpPostRequestDecoder decoder =
              new HttpPostRequestDecoder(new DefaultHttpDataFactory(false), req);
          try {
            for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
              if (data instanceof FileUpload) {
                FileUpload up = (FileUpload) data;
                parsed.put(up.getName(), up.get());
                parsed.put(up.getName() + ".filename", up.getFilename());
                parsed.put(up.getName() + ".type", up.getContentType());
              } else if (data instanceof Attribute) {
                parsed.put(data.getName(), ((Attribute) data).getValue());
              }
            }
          } finally {
            decoder.destroy();
          }
          TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok");
        });
    for (DefaultAsyncHttpClient c : Arrays.asList(client(), copyingClient)) {
      parsed.clear();
      Response r =
          c.preparePost(server.url("/upload"))
              .addBodyPart(new StringPart("field", "value \u00e9", "text/plain", StandardCharsets.UTF_8))
              .addBodyPart(
                  new ByteArrayPart("bytes", small, "application/octet-stream", null, "small.bin"))
              .addBodyPart(new FilePart("file", file, "application/x-test"))
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("value \u00e9", parsed.get("field"));
      assertArrayEquals(small, (byte[]) parsed.get("bytes"));
      assertEquals("small.bin", parsed.get("bytes.filename"));
      assertArrayEquals(fileBytes, (byte[]) parsed.get("file"));
      assertEquals("upload.bin", parsed.get("file.filename"));
      assertEquals("application/x-test", parsed.get("file.type"));
    }
    String contentType = server.received().get(0).headers.get(HttpHeaderNames.CONTENT_TYPE);
    assertTrue(contentType.startsWith("multipart/form-data; boundary="), contentType);
  }

  // ---- Expect: 100-continue

  @Test
  void expectContinueSendsTheBodyAfterThe100() throws Exception {
    // TestServer's aggregator answers 100 Continue, then reads the body.
    TestServer.Received got =
        send(
            client()
                .preparePost(server.url("/echo"))
                .setHeader(HttpHeaderNames.EXPECT, "100-continue")
                .setBody(PAYLOAD));
    assertEquals("100-continue", got.headers.get(HttpHeaderNames.EXPECT));
    assertArrayEquals(PAYLOAD, got.bytes);
  }

  /**
   * A server that answers each request head at once, before any body, with an empty response of
   * {@code status(head)}; it records the heads and counts every body byte that still arrives.
   */
  private static RawServer answeringEarly(
      Function<HttpRequest, HttpResponseStatus> status, List<String> heads, AtomicLong bodyBytes)
      throws InterruptedException {
    RawServer[] owner = new RawServer[1];
    owner[0] =
        RawServer.withPipeline(
            ch ->
                ch.pipeline()
                    .addLast(new HttpServerCodec())
                    .addLast(
                        new SimpleChannelInboundHandler<HttpObject>() {
                          @Override
                          protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
                            if (msg instanceof HttpRequest) {
                              HttpRequest req = (HttpRequest) msg;
                              heads.add(req.method() + " " + req.uri());
                              FullHttpResponse res =
                                  new DefaultFullHttpResponse(
                                      HttpVersion.HTTP_1_1, status.apply(req), Unpooled.EMPTY_BUFFER);
                              HttpUtil.setContentLength(res, 0);
                              TestServer.send(ctx, res);
                            }
                            if (msg instanceof HttpContent) {
                              bodyBytes.addAndGet(((HttpContent) msg).content().readableBytes());
                            }
                            owner[0].signal();
                          }
                        }));
    return owner[0];
  }

  @Test
  void finalResponseWithout100MeansTheBodyIsNeverSentAndTheConnectionNotReused()
      throws Exception {
    List<String> heads = new CopyOnWriteArrayList<>();
    AtomicLong bodyBytes = new AtomicLong();
    // 417 to a request that expects 100-continue.
    try (RawServer raw =
        answeringEarly(
            req -> HttpUtil.is100ContinueExpected(req) ? HttpResponseStatus.EXPECTATION_FAILED : HttpResponseStatus.OK,
            heads,
            bodyBytes)) {
      Response r =
          client()
              .preparePost(raw.url("/refuse"))
              .setHeader(HttpHeaderNames.EXPECT, "100-continue")
              .setBody(PAYLOAD)
              .execute()
              .get(10, TimeUnit.SECONDS);
      assertEquals(417, r.getStatusCode());
      // The server is still waiting for the announced body: the connection must not be reused.
      assertTrue(raw.await(() -> raw.closedCount() >= 1, Duration.ofSeconds(5)), "client must close");
      assertEquals(0, bodyBytes.get(), "body bytes sent after a final response without 100");
      Response next = client().prepareGet(raw.url("/next")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, next.getStatusCode());
      assertEquals(2, raw.acceptedCount());
      assertEquals(Arrays.asList("POST /refuse", "GET /next"), heads);
      assertFalse(raw.acceptedChannels().get(0).isActive());
    }
  }

  @Test
  void responseBeforeTheBodyIsFullyWrittenNeverPoolsTheConnection() throws Exception {
    List<String> heads = new CopyOnWriteArrayList<>();
    // 413 as soon as a POST head arrives; the connection is kept, any body discarded.
    try (RawServer raw =
        answeringEarly(
            req -> req.method().name().equals("POST") ? HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE : HttpResponseStatus.OK,
            heads,
            new AtomicLong())) {
      UnboundedQueueFeedableBodyGenerator generator = new UnboundedQueueFeedableBodyGenerator();
      ByteBuf first = ByteBufAllocator.DEFAULT.buffer();
      first.writeBytes(PAYLOAD, 0, 1000);
      generator.feed(first, false);
      first.release();
      Response r = client().preparePost(raw.url("/upload")).setBody(generator).execute().get(10, TimeUnit.SECONDS);
      assertEquals(413, r.getStatusCode());
      // The body never ended: its connection cannot carry another request.
      assertTrue(raw.await(() -> raw.closedCount() >= 1, Duration.ofSeconds(5)), "client must close");
      Response next = client().prepareGet(raw.url("/next")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(200, next.getStatusCode());
      assertEquals(Arrays.asList("POST /upload", "GET /next"), heads);
      assertEquals(2, raw.acceptedCount());
      // Feeding after the end is harmless: the queue lets go of the chunk, it is not queued for ever.
      ByteBuf late = ByteBufAllocator.DEFAULT.buffer();
      late.writeBytes(PAYLOAD, 0, 10);
      generator.feed(late, true);
      Await.until(() -> late.refCnt() == 1, Duration.ofSeconds(5), () -> "refCnt " + late.refCnt());
      late.release();
    }
  }

  @Test
  void fedChunksAreReleasedWhenTheRequestFailsBeforeWriting() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    UnboundedQueueFeedableBodyGenerator generator = new UnboundedQueueFeedableBodyGenerator();
    ByteBuf early = ByteBufAllocator.DEFAULT.buffer();
    early.writeBytes(PAYLOAD, 0, 100);
    generator.feed(early, false);
    org.asynchttpclient.ListenableFuture<Response> f =
        client().preparePost("http://127.0.0.1:" + port + "/").setBody(generator).execute();
    java.util.concurrent.ExecutionException e =
        Await.failed(f, 10);
    assertTrue(e.getCause() instanceof java.net.ConnectException, String.valueOf(e.getCause()));
    assertEquals(1, early.refCnt(), "a chunk queued for a failed request: only the caller's reference is left");
    early.release();
    ByteBuf late = ByteBufAllocator.DEFAULT.buffer();
    late.writeBytes(PAYLOAD, 0, 100);
    generator.feed(late, true);
    assertEquals(1, late.refCnt(), "a chunk fed after the failure: only the caller's reference is left");
    late.release();
  }

  @Test
  void cancelDuringAnUploadReleasesTheBody() throws Exception {
    server.route("/sink", (ctx, req) -> {});
    UnboundedQueueFeedableBodyGenerator generator = new UnboundedQueueFeedableBodyGenerator();
    ByteBuf first = ByteBufAllocator.DEFAULT.buffer();
    first.writeBytes(PAYLOAD, 0, 1000);
    generator.feed(first, false);
    first.release();
    org.asynchttpclient.ListenableFuture<Response> f =
        client().preparePost(server.url("/sink")).setBody(generator).execute();
    assertTrue(server.await(() -> server.acceptedCount() == 1, Duration.ofSeconds(5)));
    assertTrue(f.cancel(true));
    server.awaitClosed(1);
    ByteBuf late = ByteBufAllocator.DEFAULT.buffer();
    late.writeBytes(PAYLOAD, 0, 100);
    generator.feed(late, true);
    // The body belongs to the channel's chunked writer, which drops it on the channel's loop once
    // the close has run there: the release follows the cancel, it does not precede its return.
    assertTrue(
        server.await(() -> late.refCnt() == 1, Duration.ofSeconds(5)),
        "the queue must let go of a chunk fed after the cancel");
    late.release();
  }

  /** A stream that, like many wrappers, never reports bytes as available without blocking. */
  private static final class NoAvailableStream extends java.io.InputStream {
    private final int size;
    private final boolean failAtEnd;
    private int served;

    NoAvailableStream(int size, boolean failAtEnd) {
      this.size = size;
      this.failAtEnd = failAtEnd;
    }

    @Override
    public int read() throws java.io.IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws java.io.IOException {
      if (served >= size) {
        if (failAtEnd) {
          throw new java.io.IOException("disk on fire");
        }
        return -1;
      }
      int n = Math.min(len, size - served);
      System.arraycopy(PAYLOAD, served, b, off, n);
      served += n;
      return n;
    }
  }

  @Test
  void inputStreamFailingMidBodyFailsTheRequestAndClosesTheConnection() throws Exception {
    server.route("/sink", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "got it"));
    org.asynchttpclient.ListenableFuture<Response> f =
        client().preparePost(server.url("/sink")).setBody(new NoAvailableStream(20_000, true)).execute();
    java.util.concurrent.ExecutionException e =
        Await.failed(f, 10);
    assertTrue(String.valueOf(e.getCause()).contains("disk on fire"), String.valueOf(e.getCause()));
    server.awaitClosed(1);
    assertEquals(0, server.received().size(), "a truncated chunked body must never look complete");
  }

  /** Counts the body chunks of each request and answers 200 at the end of each. */
  private static final class ChunkCounter extends SimpleChannelInboundHandler<HttpObject> {
    final AtomicInteger chunks;
    final AtomicLong bytes;
    final RawServer[] owner;

    ChunkCounter(AtomicInteger chunks, AtomicLong bytes, RawServer[] owner) {
      this.chunks = chunks;
      this.bytes = bytes;
      this.owner = owner;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
      if (msg instanceof HttpContent) {
        int n = ((HttpContent) msg).content().readableBytes();
        if (n > 0) {
          chunks.incrementAndGet();
          bytes.addAndGet(n);
        }
      }
      if (msg instanceof io.netty.handler.codec.http.LastHttpContent) {
        FullHttpResponse res =
            new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER);
        HttpUtil.setContentLength(res, 0);
        TestServer.send(ctx, res);
        owner[0].signal();
      }
    }
  }

  @Test
  void inputStreamWithoutAvailableBytesIsSentInFullChunks() throws Exception {
    AtomicInteger chunks = new AtomicInteger();
    AtomicLong bytes = new AtomicLong();
    RawServer[] holder = new RawServer[1];
    try (RawServer raw =
        RawServer.withPipeline(
            ch -> ch.pipeline().addLast(new HttpServerCodec()).addLast(new ChunkCounter(chunks, bytes, holder)))) {
      holder[0] = raw;
      Response r =
          client().preparePost(raw.url("/"))
              .setBody(new NoAvailableStream(30_000, false))
              .execute()
              .get(20, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals(30_000, bytes.get());
      // 8 KiB chunks: four of them, not one per byte (six bytes of framing for each byte sent).
      assertTrue(chunks.get() <= 8, chunks.get() + " chunks for 30000 bytes");
    }
  }

  @Test
  void publisherErrorFailsTheRequest() throws Exception {
    server.route("/sink", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "got it"));
    AtomicInteger emitted = new AtomicInteger();
    Publisher<ByteBuf> failing =
        s ->
            s.onSubscribe(
                new Subscription() {
                  boolean done;

                  @Override
                  public synchronized void request(long n) {
                    if (done) {
                      return;
                    }
                    if (emitted.incrementAndGet() <= 3) {
                      ByteBuf b = ByteBufAllocator.DEFAULT.buffer(100);
                      b.writeBytes(PAYLOAD, 0, 100);
                      s.onNext(b);
                    } else {
                      done = true;
                      s.onError(new IllegalStateException("publisher broke"));
                    }
                  }

                  @Override
                  public void cancel() {
                    done = true;
                  }
                });
    org.asynchttpclient.ListenableFuture<Response> f =
        client().preparePost(server.url("/sink")).setBody(new ReactiveStreamsBodyGenerator(failing, -1)).execute();
    java.util.concurrent.ExecutionException e =
        Await.failed(f, 10);
    assertTrue(String.valueOf(e.getCause()).contains("publisher broke"), String.valueOf(e.getCause()));
    server.awaitClosed(1);
    assertEquals(0, server.received().size(), "a truncated chunked body must never look complete");
  }
}
