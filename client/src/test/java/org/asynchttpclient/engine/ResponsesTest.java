package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/** Response framing, bodiless responses, decompression, trailers and handler ABORT. */
class ResponsesTest extends HelloFixture {
  private static final String TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(200);

  private Response get(String path) throws Exception {
    return client().prepareGet(server.url(path)).execute().get(10, TimeUnit.SECONDS);
  }

  private static FullHttpResponse full(HttpResponseStatus status, byte[] body) {
    FullHttpResponse res =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    res.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.length);
    return res;
  }

  // ---- framing

  @Test
  void contentLengthChunkedAndCloseDelimited() throws Exception {
    server.route(
        "/length",
        (ctx, req) -> TestServer.send(ctx, full(HttpResponseStatus.OK, TEXT.getBytes(StandardCharsets.UTF_8))));
    server.route(
        "/chunked",
        (ctx, req) -> {
          TestServer.queue(ctx, TestServer.chunkedHead());
          byte[] all = TEXT.getBytes(StandardCharsets.UTF_8);
          for (int off = 0; off < all.length; off += 1000) {
            TestServer.send(
                ctx,
                new DefaultHttpContent(
                    Unpooled.wrappedBuffer(all, off, Math.min(1000, all.length - off))));
          }
          TestServer.send(ctx, LastHttpContent.EMPTY_LAST_CONTENT);
        });
    server.route(
        "/eof",
        (ctx, req) -> {
          // Neither Content-Length nor chunked: the body ends when the server closes.
          HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          TestServer.queue(ctx, res);
          TestServer.queue(ctx, new DefaultHttpContent(Unpooled.copiedBuffer("part1-", StandardCharsets.UTF_8)));
          TestServer.sendAndClose(
              ctx, new DefaultLastHttpContent(Unpooled.copiedBuffer("part2", StandardCharsets.UTF_8)));
        });
    Response length = get("/length");
    assertEquals(TEXT, length.getResponseBody());
    Response chunked = get("/chunked");
    assertEquals(TEXT, chunked.getResponseBody());
    assertEquals("chunked", chunked.getHeader(HttpHeaderNames.TRANSFER_ENCODING));
    assertEquals(1, server.acceptedCount(), "both reuse the first connection");
    Response eof = get("/eof");
    assertEquals("part1-part2", eof.getResponseBody());
    server.awaitClosed(1);
    assertEquals("hi", get("/hello").getResponseBody());
    assertEquals(2, server.acceptedCount(), "a close-delimited response ends its connection");
  }

  @Test
  void headAnd204And304HaveNoBodyAndKeepTheConnection() throws Exception {
    server.route(
        "/head",
        (ctx, req) -> {
          // A HEAD answer announces the length a GET would have, and has no body.
          HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          res.headers().set(HttpHeaderNames.CONTENT_LENGTH, 1000);
          TestServer.send(ctx, res);
          TestServer.send(ctx, LastHttpContent.EMPTY_LAST_CONTENT);
        });
    server.route(
        "/204",
        (ctx, req) ->
            TestServer.send(
                ctx,
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT)));
    server.route(
        "/304",
        (ctx, req) -> {
          FullHttpResponse res =
              new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED);
          res.headers().set(HttpHeaderNames.ETAG, "\"v1\"");
          TestServer.send(ctx, res);
        });
    Response head = client().prepareHead(server.url("/head")).execute().get(10, TimeUnit.SECONDS);
    assertEquals(200, head.getStatusCode());
    assertEquals("1000", head.getHeader(HttpHeaderNames.CONTENT_LENGTH));
    assertEquals(0, head.getResponseBodyAsBytes().length);
    Response noContent = get("/204");
    assertEquals(204, noContent.getStatusCode());
    assertEquals(0, noContent.getResponseBodyAsBytes().length);
    Response notModified = get("/304");
    assertEquals(304, notModified.getStatusCode());
    assertEquals("\"v1\"", notModified.getHeader(HttpHeaderNames.ETAG));
    assertEquals(0, notModified.getResponseBodyAsBytes().length);
    assertEquals("hi", get("/hello").getResponseBody());
    assertEquals(1, server.acceptedCount(), "every bodiless response left the connection reusable");
    assertEquals(0, server.closedCount());
  }

  @Test
  void fiveMegabytesArriveIntact() throws Exception {
    byte[] big = new byte[5 * 1024 * 1024];
    new Random(42).nextBytes(big);
    server.route("/big", (ctx, req) -> TestServer.send(ctx, full(HttpResponseStatus.OK, big)));
    Response r = get("/big");
    assertEquals(String.valueOf(big.length), r.getHeader(HttpHeaderNames.CONTENT_LENGTH));
    assertArrayEquals(big, r.getResponseBodyAsBytes());
  }

  // ---- decompression

  private static byte[] gzip(byte[] data) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] data) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream d = new DeflaterOutputStream(out)) {
      d.write(data);
    }
    return out.toByteArray();
  }

  @Test
  void gzipAndDeflateAreDecodedUnlessDisabled() throws Exception {
    byte[] plain = TEXT.getBytes(StandardCharsets.UTF_8);
    byte[] gz = gzip(plain);
    byte[] df = deflate(plain);
    server.route(
        "/gzip",
        (ctx, req) -> {
          FullHttpResponse res = full(HttpResponseStatus.OK, gz);
          res.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
          TestServer.send(ctx, res);
        });
    server.route(
        "/deflate",
        (ctx, req) -> {
          FullHttpResponse res = full(HttpResponseStatus.OK, df);
          res.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.DEFLATE);
          TestServer.send(ctx, res);
        });
    assertEquals(TEXT, get("/gzip").getResponseBody());
    assertEquals(TEXT, get("/deflate").getResponseBody());
    try (DefaultAsyncHttpClient raw =
        ClientFixture.client(ClientFixture.config().setEnableAutomaticDecompression(false))) {
      Response g = raw.prepareGet(server.url("/gzip")).execute().get(10, TimeUnit.SECONDS);
      assertArrayEquals(gz, g.getResponseBodyAsBytes());
      assertEquals("gzip", g.getHeader(HttpHeaderNames.CONTENT_ENCODING));
      Response d = raw.prepareGet(server.url("/deflate")).execute().get(10, TimeUnit.SECONDS);
      assertArrayEquals(df, d.getResponseBodyAsBytes());
    }
  }

  // ---- trailers

  @Test
  void trailersReachTheHandler() throws Exception {
    server.route(
        "/trailers",
        (ctx, req) -> {
          HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          res.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
          res.headers().set(HttpHeaderNames.TRAILER, "X-Checksum");
          TestServer.queue(ctx, res);
          TestServer.queue(ctx, new DefaultHttpContent(Unpooled.copiedBuffer("body", StandardCharsets.UTF_8)));
          LastHttpContent last = new DefaultLastHttpContent();
          last.trailingHeaders().set("X-Checksum", "abc123");
          TestServer.send(ctx, last);
        });
    RecordingHandler h = new RecordingHandler();
    Response value = client().prepareGet(server.url("/trailers")).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    assertNotNull(h.trailers());
    assertEquals("abc123", h.trailers().get("X-Checksum"));
    assertEquals("body", new String(h.bodyBytes(), StandardCharsets.UTF_8));
    assertEquals(List.of("poolAttempt", "resolveAttempt", "resolveSuccess", "connectAttempt",
        "connectSuccess", "send", "status",
        "headers", "part", "trailers", "part", "offer", "completed"), h.names());
  }

  // ---- ABORT

  /** Head and a first chunk, then nothing: the response never ends on its own. */
  private void routeEndlessBody() {
    server.route(
        "/endless",
        (ctx, req) -> {
          TestServer.queue(ctx, TestServer.chunkedHead());
          TestServer.send(ctx, new DefaultHttpContent(Unpooled.copiedBuffer("first", StandardCharsets.UTF_8)));
        });
  }

  @Test
  void abortAtStatusClosesAndCompletesWithTheHandlersValue() throws Exception {
    routeEndlessBody();
    RecordingHandler h = new RecordingHandler(RecordingHandler.AbortAt.STATUS);
    Response value = client().prepareGet(server.url("/endless")).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    server.awaitClosed(1);
    assertFalse(h.names().contains("headers"), h.events().toString());
    assertFalse(h.names().contains("part"), h.events().toString());
    assertNull(h.failure());
  }

  @Test
  void abortAtHeadersClosesAndCompletesWithTheHandlersValue() throws Exception {
    routeEndlessBody();
    RecordingHandler h = new RecordingHandler(RecordingHandler.AbortAt.HEADERS);
    Response value = client().prepareGet(server.url("/endless")).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    server.awaitClosed(1);
    assertTrue(h.names().contains("headers"));
    assertFalse(h.names().contains("part"), h.events().toString());
  }

  @Test
  void abortAtBodyPartClosesAndIsNeverPooled() throws Exception {
    routeEndlessBody();
    RecordingHandler h = new RecordingHandler(RecordingHandler.AbortAt.BODY);
    Response value = client().prepareGet(server.url("/endless")).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    assertEquals("first", new String(h.bodyBytes(), StandardCharsets.UTF_8));
    server.awaitClosed(1);
    assertFalse(h.names().contains("offer"), h.events().toString());
    assertEquals("hi", get("/hello").getResponseBody());
    assertEquals(2, server.acceptedCount());
  }

  @Test
  void handlerThrowingFromACallbackFailsTheFutureAndClosesTheConnection() throws Exception {
    routeEndlessBody();
    RecordingHandler h =
        new RecordingHandler() {
          @Override
          public State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders headers) {
            throw new IllegalStateException("handler bug");
          }
        };
    ListenableFuture<Response> f = client().prepareGet(server.url("/endless")).execute(h);
    java.util.concurrent.ExecutionException e =
        Await.failed(f, 10);
    assertEquals("handler bug", e.getCause().getMessage());
    assertTrue(h.names().contains("throwable"), h.events().toString());
    server.awaitClosed(1);
  }

  // ---- body part factories

  @Test
  void eagerAndLazyBodyParts() throws Exception {
    byte[] big = new byte[300_000];
    new Random(3).nextBytes(big);
    server.route("/big", (ctx, req) -> TestServer.send(ctx, full(HttpResponseStatus.OK, big)));
    for (ResponseBodyPartFactory factory :
        Arrays.asList(ResponseBodyPartFactory.EAGER, ResponseBodyPartFactory.LAZY)) {
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(ClientFixture.config().setResponseBodyPartFactory(factory))) {
        RecordingHandler h = new RecordingHandler();
        assertEquals(200, c.prepareGet(server.url("/big")).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
        assertArrayEquals(big, h.bodyBytes());
        String expected = factory == ResponseBodyPartFactory.EAGER
            ? "EagerResponseBodyPart"
            : "LazyResponseBodyPart";
        assertFalse(h.partClasses().isEmpty());
        for (String cls : h.partClasses()) {
          assertEquals(expected, cls);
        }
      }
    }
  }

  // ---- raw wire responses

  /** A server that answers every connection's first bytes with {@code wire}, verbatim. */
  private static RawServer rawResponder(String wire) throws InterruptedException {
    return RawServer.withPipeline(
        ch ->
            ch.pipeline()
                .addLast(
                    new io.netty.channel.ChannelInboundHandlerAdapter() {
                      private boolean answered;

                      @Override
                      public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                        io.netty.util.ReferenceCountUtil.release(msg);
                        if (!answered) {
                          answered = true;
                          TestServer.send(ctx, Unpooled.copiedBuffer(wire, StandardCharsets.US_ASCII));
                        }
                      }
                    }));
  }

  @Test
  void informationalResponsesBeforeTheFinalOneAreSkipped() throws Exception {
    try (RawServer raw =
        rawResponder(
            "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfinal")) {
      RecordingHandler h = new RecordingHandler();
      assertEquals(200, client().prepareGet(raw.url("/")).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
      assertEquals("final", new String(h.bodyBytes(), StandardCharsets.UTF_8));
      assertEquals(1, h.names().stream().filter("status"::equals).count(), h.events().toString());
    }
  }

  @Test
  void malformedResponseFailsAndClosesTheConnection() throws Exception {
    // Two different Content-Length values: the framing cannot be trusted (request smuggling).
    // Its own client: the idle count below must not see connections of the tests before.
    try (RawServer raw =
            rawResponder("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!");
        DefaultAsyncHttpClient c = ClientFixture.client()) {
      ListenableFuture<Response> f = c.prepareGet(raw.url("/")).execute();
      java.util.concurrent.ExecutionException e =
          Await.failed(f, 10);
      assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
      assertTrue(raw.await(() -> raw.closedCount() == raw.acceptedCount(), java.time.Duration.ofSeconds(5)));
      assertEquals(0, c.getClientStats().getTotalIdleConnectionCount());
    }
  }

  /** A server that answers every request with a head announcing 100 bytes, 9 of them, then closes. */
  private static RawServer cuttingServer() throws InterruptedException {
    return RawServer.withPipeline(
        ch ->
            ch.pipeline()
                .addLast(
                    new io.netty.channel.ChannelInboundHandlerAdapter() {
                      @Override
                      public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                        io.netty.util.ReferenceCountUtil.release(msg);
                        TestServer.sendAndClose(
                            ctx,
                            Unpooled.copiedBuffer(
                                "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly-part",
                                StandardCharsets.US_ASCII));
                      }
                    }));
  }

  /** As 3.0.11: replayed within maxRequestRetry, then the exchange fails with an IOException. */
  @Test
  void responseCutShortIsReplayedThenFailsWithAnIOException() throws Exception {
    try (RawServer raw = cuttingServer();
        DefaultAsyncHttpClient retrying = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(2))) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = retrying.prepareGet(raw.url("/")).execute(h);
      java.util.concurrent.ExecutionException e =
          Await.failed(f, 10);
      assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
      assertEquals(3, raw.acceptedCount(), "the request and its two replays");
      assertEquals(2, java.util.Collections.frequency(h.names(), "retry"), h.events().toString());
    }
  }

  @Test
  void responseCutShortFailsWithAnIOExceptionWithoutReplayWhenStrict() throws Exception {
    try (RawServer raw = cuttingServer();
        DefaultAsyncHttpClient strict = ClientFixture.client(ClientFixture.config().setStrictMidResponseRetry(true))) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = strict.prepareGet(raw.url("/")).execute(h);
      java.util.concurrent.ExecutionException e =
          Await.failed(f, 10);
      assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
      assertEquals("only-part", new String(h.bodyBytes(), StandardCharsets.UTF_8));
      assertEquals(1, raw.acceptedCount(), "a response whose body reached the handler is not replayed");
    }
  }
}
