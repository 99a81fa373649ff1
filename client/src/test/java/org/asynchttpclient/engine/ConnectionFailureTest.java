package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.NotSslRecordException;
import java.io.ByteArrayOutputStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.RemotelyClosedException;
import org.asynchttpclient.handler.BodyDeferringAsyncHandler;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.Certificates;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Connections that fail under an exchange, compared with 3.0.11 (whose behaviour each test states):
 * the server closing a kept-alive connection after the response started, closing without any
 * response, and TLS going wrong.
 */
class ConnectionFailureTest {
  private RawServer raw;
  private TestServer server;

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(raw, server);
  }

  /** How the server ends the second request on its first connection. */
  private enum Cut {
    AFTER_HEADERS,
    AFTER_A_BODY_PART
  }

  /**
   * A keep-alive server: "hello" for every request, except the second one on the first connection,
   * which gets a head announcing 10 bytes (and, for AFTER_A_BODY_PART, 3 of them) before the
   * connection is closed.
   */
  private void startCuttingServer(Cut cut, List<String> seen) throws InterruptedException {
    raw =
        RawServer.withPipeline(
            ch -> {
              int connection = raw == null ? 0 : raw.acceptedCount();
              ch.pipeline()
                  .addLast(new HttpServerCodec())
                  .addLast(new HttpObjectAggregator(1 << 16))
                  .addLast(
                      new SimpleChannelInboundHandler<FullHttpRequest>() {
                        private int requests;

                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                          requests++;
                          seen.add(
                              "conn" + connection + ":" + req.method() + " " + req.uri() + " "
                                  + req.content().toString(StandardCharsets.UTF_8));
                          raw.signal();
                          if (connection == 1 && requests == 2) {
                            HttpResponse head =
                                new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                            head.headers().set(HttpHeaderNames.CONTENT_LENGTH, 10);
                            ctx.write(head);
                            if (cut == Cut.AFTER_A_BODY_PART) {
                              ctx.write(
                                  new DefaultHttpContent(
                                      Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8)));
                            }
                            ctx.flush();
                            TestServer.close(ctx);
                            return;
                          }
                          TestServer.respond(ctx, req, HttpResponseStatus.OK, "hello");
                        }
                      });
            });
  }

  private Response run(DefaultAsyncHttpClient c, String method, String path, RecordingHandler h)
      throws Exception {
    return c.prepare(method, raw.url(path))
        .setBody("POST".equals(method) ? "payload" : null)
        .execute(h)
        .get(10, TimeUnit.SECONDS);
  }

  /** The handler's response-side callbacks (and onRetry), without the connection ones. */
  private static List<String> responseEvents(RecordingHandler h) {
    List<String> out = new java.util.ArrayList<>();
    for (String name : h.names()) {
      if (List.of("status", "headers", "part", "trailers", "retry", "completed", "throwable").contains(name)) {
        out.add(name);
      }
    }
    return out;
  }

  @Test
  void idempotentRequestCutAfterItsHeadersIsReplayedOnAFreshConnection() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_HEADERS, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      assertEquals(200, run(c, "GET", "/a", new RecordingHandler()).getStatusCode());
      RecordingHandler h = new RecordingHandler();
      assertEquals(200, run(c, "GET", "/b", h).getStatusCode());
      assertEquals("hello", new String(h.bodyBytes(), StandardCharsets.UTF_8));
      // 3.0.11's order: the cut response's status and headers, onRetry, then the new response.
      assertEquals(
          List.of("status", "headers", "retry", "status", "headers", "part", "completed"),
          responseEvents(h),
          h.events().toString());
    }
    assertEquals(List.of("conn1:GET /a ", "conn1:GET /b ", "conn2:GET /b "), seen);
  }

  /** As 3.0.11 and 3.0.12: the POST the server already answered once is sent again. */
  @Test
  void postCutAfterItsHeadersIsReplayedByDefault() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_HEADERS, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      run(c, "POST", "/a", new RecordingHandler());
      RecordingHandler h = new RecordingHandler();
      assertEquals(200, run(c, "POST", "/b", h).getStatusCode());
      assertEquals(
          List.of("status", "headers", "retry", "status", "headers", "part", "completed"),
          responseEvents(h),
          h.events().toString());
    }
    assertEquals(List.of("conn1:POST /a payload", "conn1:POST /b payload", "conn2:POST /b payload"), seen);
  }

  @Test
  void postCutAfterItsHeadersIsNotReplayedWhenStrictAndFailsRemotelyClosed() throws Exception {
    // The server already answered the POST once: sending it again may perform it twice.
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_HEADERS, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setStrictMidResponseRetry(true))) {
      run(c, "POST", "/a", new RecordingHandler());
      RecordingHandler h = new RecordingHandler();
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> run(c, "POST", "/b", h));
      assertSame(RemotelyClosedException.INSTANCE, e.getCause());
      assertEquals(List.of("status", "headers", "throwable"), responseEvents(h), h.events().toString());
    }
    assertEquals(List.of("conn1:POST /a payload", "conn1:POST /b payload"), seen);
  }

  /**
   * As 3.0.11 and 3.0.12 (upstream BodyDeferringAsyncHandlerTest
   * .deferredInputStreamTrickWithCloseConnectionAndRetry): the handler that got "abc" hears onRetry,
   * then the whole new response.
   */
  @Test
  void requestCutAfterABodyPartReachedTheHandlerIsReplayedByDefault() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_A_BODY_PART, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      run(c, "GET", "/a", new RecordingHandler());
      RecordingHandler h = new RecordingHandler();
      assertEquals(200, run(c, "GET", "/b", h).getStatusCode());
      assertEquals(
          List.of("status", "headers", "part", "retry", "status", "headers", "part", "completed"),
          responseEvents(h),
          h.events().toString());
    }
    assertEquals(List.of("conn1:GET /a ", "conn1:GET /b ", "conn2:GET /b "), seen);
  }

  /** A handler that cannot start over throws from onRetry: the exchange fails with that, as in 3.0.11. */
  @Test
  void aHandlerThatRefusesTheRetryFailsTheExchangeWithItsException() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_A_BODY_PART, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(1))) {
      run(c, "GET", "/a", new RecordingHandler());
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      BodyDeferringAsyncHandler deferring = new BodyDeferringAsyncHandler(received);
      ExecutionException e = Await.failed(c.prepareGet(raw.url("/b")).execute(deferring), 10);
      assertInstanceOf(UnsupportedOperationException.class, e.getCause(), String.valueOf(e.getCause()));
      assertEquals("abc", received.toString(StandardCharsets.UTF_8));
    }
    assertEquals(List.of("conn1:GET /a ", "conn1:GET /b "), seen, "refused before anything was sent again");
  }

  @Test
  void requestCutAfterABodyPartReachedTheHandlerIsNotReplayedWhenStrict() throws Exception {
    // A handler that streamed "abc" somewhere could not take it back.
    List<String> seen = new CopyOnWriteArrayList<>();
    startCuttingServer(Cut.AFTER_A_BODY_PART, seen);
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setStrictMidResponseRetry(true))) {
      run(c, "GET", "/a", new RecordingHandler());
      RecordingHandler h = new RecordingHandler();
      ExecutionException e = assertThrows(ExecutionException.class, () -> run(c, "GET", "/b", h));
      assertSame(RemotelyClosedException.INSTANCE, e.getCause());
      assertEquals("abc", new String(h.bodyBytes(), StandardCharsets.UTF_8));
      assertTrue(!h.names().contains("retry"), h.events().toString());
    }
    assertEquals(List.of("conn1:GET /a ", "conn1:GET /b "), seen);
  }

  @Test
  void closeWithoutAnyResponseIsRetriedThenFailsWithRemotelyClosedException() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    raw =
        RawServer.withPipeline(
            ch ->
                ch.pipeline()
                    .addLast(new HttpServerCodec())
                    .addLast(new HttpObjectAggregator(1 << 16))
                    .addLast(
                        new SimpleChannelInboundHandler<FullHttpRequest>() {
                          @Override
                          protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
                            seen.add(req.method() + " " + req.uri());
                            ctx.close();
                          }
                        }));
    RecordingHandler h = new RecordingHandler();
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(2))) {
      ExecutionException e =
          Await.failed(c.prepareGet(raw.url("/x")).execute(h), 10);
      assertSame(RemotelyClosedException.INSTANCE, e.getCause(), String.valueOf(e.getCause()));
    }
    assertEquals(3, seen.size(), "the first try and maxRequestRetry (2) replays: " + seen);
    assertEquals(2, h.names().stream().filter("retry"::equals).count(), h.events().toString());
  }

  // ---------------------------------------------------------------- TLS

  private void startTlsServer() throws Exception {
    server = new TestServer().tls(Certificates.serverContext(Certificates.localhost()));
    server.route("/hello", (c, req) -> TestServer.respond(c, req, HttpResponseStatus.OK, "secure"));
  }

  private static Throwable failureOf(String url) {
    try (DefaultAsyncHttpClient c = ClientFixture.client()) {
      ExecutionException e =
          Await.failed(c.prepareGet(url).execute(), 10);
      return e.getCause();
    }
  }

  @Test
  void refusedSelfSignedCertificateFailsPromptlyWithAConnectExceptionCausedByTheHandshake()
      throws Exception {
    startTlsServer();
    long start = System.nanoTime();
    Throwable t = failureOf("https://127.0.0.1:" + server.port() + "/hello");
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    // 3.0.11: ExecutionException -> ConnectException -> SSLHandshakeException.
    ConnectException connect = assertInstanceOf(ConnectException.class, t);
    assertInstanceOf(SSLHandshakeException.class, connect.getCause());
    assertEquals(connect.getCause().getMessage(), connect.getMessage());
    assertTrue(millis < 5000, "failed after " + millis + " ms (the handshake timeout is 10 s)");
    assertEquals(0, server.received().size());
  }

  @Test
  void tlsSpokenToAPlainHttpServerFailsWithAConnectException() throws Exception {
    server = new TestServer();
    Throwable t = failureOf("https://127.0.0.1:" + server.port() + "/hello");
    // 3.0.11: ConnectException -> NotSslRecordException (the server's plain HTTP answer).
    ConnectException connect = assertInstanceOf(ConnectException.class, t);
    assertInstanceOf(NotSslRecordException.class, connect.getCause());
  }

  @Test
  void plainHttpSpokenToATlsServerFailsWithRemotelyClosedException() throws Exception {
    startTlsServer();
    Throwable t = failureOf("http://127.0.0.1:" + server.port() + "/hello");
    // 3.0.11 against a server that drops what is not TLS: RemotelyClosedException, once its
    // retries are spent.
    assertSame(RemotelyClosedException.INSTANCE, t, String.valueOf(t));
  }
}
