package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BasicExchangeTest extends HelloFixture {
  @BeforeEach
  void start() throws Exception {
    server.route(
        "/echo",
        (ctx, req) ->
            TestServer.respond(
                ctx,
                req,
                HttpResponseStatus.OK,
                req.method().name() + ":" + req.content().toString(StandardCharsets.UTF_8)));
  }

  @Test
  void getReturnsStatusBodyAndUri() throws Exception {
    Response r = client().prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode());
    assertEquals("hi", r.getResponseBody());
    assertEquals(server.url("/hello"), r.getUri().toUrl());
  }

  @Test
  void postSendsBody() throws Exception {
    Response r =
        client().preparePost(server.url("/echo")).setBody("payload").execute().get(5, TimeUnit.SECONDS);
    assertEquals("POST:payload", r.getResponseBody());
  }

  @Test
  void keepAliveReusesOneConnection() throws Exception {
    for (int i = 0; i < 5; i++) {
      assertEquals(
          200,
          client().prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
    }
    assertEquals(1, server.acceptedCount());
  }

  @Test
  void chunkedAndCloseDelimitedBodiesAreRead() throws Exception {
    server.route(
        "/chunked",
        (ctx, req) -> {
          TestServer.queue(ctx, TestServer.chunkedHead());
          TestServer.queue(ctx, new DefaultHttpContent(Unpooled.copiedBuffer("ab", StandardCharsets.UTF_8)));
          TestServer.send(ctx, new DefaultLastHttpContent(Unpooled.copiedBuffer("cd", StandardCharsets.UTF_8)));
        });
    server.route(
        "/close",
        (ctx, req) -> {
          HttpResponse res = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
          TestServer.queue(ctx, res);
          TestServer.sendAndClose(
              ctx, new DefaultLastHttpContent(Unpooled.copiedBuffer("till-close", StandardCharsets.UTF_8)));
        });
    assertEquals(
        "abcd",
        client().prepareGet(server.url("/chunked")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(
        "till-close",
        client().prepareGet(server.url("/close")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
  }

  @Test
  void headHasNoBody() throws Exception {
    Response r = client().prepareHead(server.url("/hello")).execute().get(5, TimeUnit.SECONDS);
    assertEquals(200, r.getStatusCode());
    assertEquals("", r.getResponseBody());
    // the connection stays usable after a bodiless response
    assertEquals(
        "hi", client().prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
  }

  @Test
  void gzipIsDecompressed() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write("compressed body".getBytes(StandardCharsets.UTF_8));
    }
    server.route(
        "/gzip",
        (ctx, req) -> {
          io.netty.handler.codec.http.FullHttpResponse res =
              new io.netty.handler.codec.http.DefaultFullHttpResponse(
                  HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(bytes.toByteArray()));
          res.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
          res.headers().set(HttpHeaderNames.CONTENT_LENGTH, bytes.size());
          TestServer.send(ctx, res);
        });
    assertEquals(
        "compressed body",
        client().prepareGet(server.url("/gzip")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
  }

  @Test
  void cancelClosesTheConnection() throws Exception {
    ListenableFuture<Response> f = client().prepareGet(server.url("/never")).execute();
    server.awaitReceived(1);
    assertTrue(f.cancel(true));
    assertTrue(f.isCancelled());
    server.awaitClosed(1);
    assertEquals(1, server.closedCount(), "connections closed as seen by the server");
    assertFalse(f.cancel(true), "a second cancel must lose");
  }

  @Test
  void connectionRefusedFailsWithConnectException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ExecutionException e =
        Await.failed(client().prepareGet("http://127.0.0.1:" + port + "/").execute(), 5);
    assertInstanceOf(ConnectException.class, e.getCause());
  }

  @Test
  void closeFailsInFlightRequestsAtOnce() throws Exception {
    DefaultAsyncHttpClient client = ClientFixture.client();
    ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute();
    server.awaitReceived(1);
    client.close();
    ExecutionException e = Await.failed(f, 2);
    assertInstanceOf(IOException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("closed"), e.getCause().getMessage());
    assertTrue(client.isClosed());
  }

  @Test
  void headerWithCrLfIsRefusedAndNothingIsSent() throws Exception {
    assertThrows(
        IllegalArgumentException.class,
        () -> client().prepareGet(server.url("/hello")).addHeader("X-Bad", "a\r\nInjected: 1"));
    assertEquals(0, server.acceptedCount());
  }
}
