package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionUtil;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Realm;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.asynchttpclient.ws.WebSocketUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The upgrade's answers: refused, forged, redirected, challenged; permessage-deflate and
 * deflate-frame negotiated, refused and bounded after inflation; answers naming extensions the client
 * did not offer; AHC 3.0.11's checks of the request.
 */
class WsUpgradeTest extends ClientAndServer<WsTestServer> {
  private static String repeat(char c, int n) {
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(c);
    }
    return b.toString();
  }

  private static Throwable upgradeFailure(DefaultAsyncHttpClient client, String url, WsRecorder events)
      throws Exception {
    return upgradeFailure(client.prepareGet(url), events);
  }

  private static Throwable upgradeFailure(BoundRequestBuilder upgrade, WsRecorder events) throws Exception {
    ListenableFuture<NettyWebSocket> f =
        upgrade.execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build());
    ExecutionException e = Await.failed(f, 5);
    assertTrue(events.next().startsWith("error:"));
    assertNull(events.next(Duration.ofMillis(200)), "onError once, nothing else: " + events.all());
    return e.getCause();
  }

  /** The names a Sec-WebSocket-Extensions header lists, in order. */
  private static List<String> extensionNames(HttpHeaders headers) {
    List<String> names = new ArrayList<>();
    for (WebSocketExtensionData data :
        WebSocketExtensionUtil.extractExtensions(headers.get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS))) {
      names.add(data.name());
    }
    return names;
  }

  /** AHC 3.0.11/3.0.12's offer: Netty's WebSocketClientCompressionHandler's, in its order. */
  private static final List<String> OFFERED = List.of("permessage-deflate", "deflate-frame", "x-webkit-deflate-frame");

  /**
   * Records the reserved bits of each data frame the client reads, as they came off the wire (after
   * the frame decoder, before the inflater), to see whether the server compressed it.
   */
  private static final class RsvProbe extends ChannelInboundHandlerAdapter {
    final List<Integer> rsv = new CopyOnWriteArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame) {
        rsv.add(((WebSocketFrame) msg).rsv());
      }
      ctx.fireChannelRead(msg);
    }
  }

  @Test
  void theAcceptKeyIsRfc6455s() {
    assertEquals("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", WebSocketUtils.getAcceptKey("dGhlIHNhbXBsZSBub25jZQ=="));
    assertEquals(24, WebSocketUtils.getWebSocketKey().length());
  }

  @Test
  void anAnswerOtherThan101FailsTheFutureAndTellsTheListenersOnce() throws Exception {
    server = new WsTestServer(false).http("/plain", (ctx, req) ->
        TestServer.respond(ctx, req, HttpResponseStatus.OK, "not a socket"));
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Throwable cause = upgradeFailure(client, server.url("/plain"), events);
      assertInstanceOf(IOException.class, cause);
      assertTrue(cause.getMessage().contains("status 200 OK (expected 101)"), cause.getMessage());
    }
    assertTrue(server.raw().await(() -> server.raw().closedCount() == 1, Duration.ofSeconds(5)));
  }

  @Test
  void aForgedAcceptKeyFailsTheUpgrade() throws Exception {
    server = new WsTestServer(false).http("/forged", (ctx, req) -> {
      FullHttpResponse res = new DefaultFullHttpResponse(
          HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS, Unpooled.EMPTY_BUFFER);
      res.headers().set(HttpHeaderNames.UPGRADE, "websocket")
          .set(HttpHeaderNames.CONNECTION, "Upgrade")
          .set(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT, "bm90IHRoZSBhbnN3ZXI=");
      TestServer.send(ctx, res);
    });
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Throwable cause = upgradeFailure(client, server.url("/forged"), events);
      assertTrue(cause.getMessage().contains("Sec-WebSocket-Accept 'bm90IHRoZSBhbnN3ZXI='"),
          cause.getMessage());
    }
  }

  @Test
  void aRedirectedUpgradeOpensAtTheTarget() throws Exception {
    server = new WsTestServer(false).socket("/echo", WsTestServer.ECHO).http("/moved", (ctx, req) ->
        TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/echo"));
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      NettyWebSocket ws = events.opened(client, server.url("/moved"));
      ws.sendTextFrame("after redirect");
      assertEquals("text:after redirect:true", events.next());
    }
    assertEquals(2, server.requests().size());
    assertTrue(server.requests().get(1).contains(HttpHeaderNames.SEC_WEBSOCKET_KEY));
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 307})
  void anUpgradeRedirectedToAnHttpUrlGoesOnAsAnUpgradeAndEchoes(int status) throws Exception {
    server = new WsTestServer(false).socket("/echo", WsTestServer.ECHO);
    String location = "http://127.0.0.1:" + server.port() + "/echo";
    server.http("/moved", (ctx, req) -> TestServer.respond(
        ctx, req, HttpResponseStatus.valueOf(status), "", "Location", location));
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
      NettyWebSocket ws = client.prepareGet(server.url("/moved"))
          .setHeader(HttpHeaderNames.AUTHORIZATION, "Bearer same-origin")
          .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build())
          .get(10, TimeUnit.SECONDS);
      assertEquals("open", events.next());
      ws.sendTextFrame("mapped to ws");
      assertEquals("text:mapped to ws:true", events.next());
    }
    assertEquals(2, server.requests().size());
    assertTrue(server.requests().get(1).contains(HttpHeaderNames.SEC_WEBSOCKET_KEY),
        "the hop to http://... is still an upgrade (3.0.11 sent a plain GET)");
    assertEquals("Bearer same-origin", server.requests().get(1).get(HttpHeaderNames.AUTHORIZATION),
        "http://host:port is the ws://host:port origin: credentials stay");
  }

  @Test
  void anUpgradeRedirectedToAnotherOriginsHttpUrlLosesItsCredentials() throws Exception {
    server = new WsTestServer(false);
    try (WsTestServer other = new WsTestServer(false).socket("/echo", WsTestServer.ECHO)) {
      server.http("/moved", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.TEMPORARY_REDIRECT,
          "", "Location", "http://127.0.0.1:" + other.port() + "/echo"));
      WsRecorder events = new WsRecorder();
      try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setFollowRedirect(true))) {
        NettyWebSocket ws = client.prepareGet(server.url("/moved"))
            .setHeader(HttpHeaderNames.AUTHORIZATION, "Bearer first-origin-only")
            .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build())
            .get(10, TimeUnit.SECONDS);
        assertEquals("open", events.next());
        ws.sendTextFrame("elsewhere");
        assertEquals("text:elsewhere:true", events.next());
      }
      assertEquals("Bearer first-origin-only", server.requests().get(0).get(HttpHeaderNames.AUTHORIZATION));
      assertEquals(1, other.requests().size());
      assertTrue(other.requests().get(0).contains(HttpHeaderNames.SEC_WEBSOCKET_KEY));
      assertNull(other.requests().get(0).get(HttpHeaderNames.AUTHORIZATION),
          "credentials do not follow the upgrade to another origin");
    }
  }

  @Test
  void aChallengedUpgradeIsRepeatedWithCredentials() throws Exception {
    server = new WsTestServer(false).guarded("/secret", "Basic dXNlcjpzZWNyZXQ=", WsTestServer.ECHO);
    WsRecorder events = new WsRecorder();
    Realm realm = Dsl.basicAuthRealm("user", "secret").setUsePreemptiveAuth(false).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      NettyWebSocket ws = client.prepareGet(server.url("/secret")).setRealm(realm)
          .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build())
          .get(5, TimeUnit.SECONDS);
      assertEquals("open", events.next());
      ws.sendTextFrame("authorized");
      assertEquals("text:authorized:true", events.next());
    }
    assertEquals(2, server.requests().size(), "the 401, then the upgrade with Authorization");
  }

  @Test
  void permessageDeflateIsNegotiatedAndUsedWhenTheServerAcceptsIt() throws Exception {
    server = new WsTestServer(true).socket("/echo", WsTestServer.ECHO);
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setEnablewebSocketCompression(true))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      assertTrue(ws.getUpgradeHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS).startsWith("permessage-deflate"));
      String text = repeat('a', 8000);
      ws.sendTextFrame(text);
      assertEquals("text:" + text + ":true", events.next());
    }
    // Netty's server takes the first it knows of the client's offer: permessage-deflate comes first
    assertEquals(OFFERED, extensionNames(server.requests().get(0)));
    server.awaitReceived("rsv:4");
  }

  @ParameterizedTest
  @ValueSource(strings = {"deflate-frame", "x-webkit-deflate-frame"})
  void deflateFrameIsNegotiatedAndUsedBothWaysWithAServerThatKnowsOnlyIt(String name) throws Exception {
    server = WsTestServer.deflateFrameOnly(name).socket("/echo", WsTestServer.ECHO);
    WsRecorder events = new WsRecorder();
    RsvProbe probe = new RsvProbe();
    String text = "the same words again and again, ".repeat(250);
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true)
        .setWsAdditionalChannelInitializer(ch -> ch.pipeline().addAfter("ws-decoder", "rsv-probe", probe)))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      assertEquals(name, ws.getUpgradeHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
      ws.sendTextFrame(text);
      assertEquals("text:" + text + ":true", events.next(), "the echo, inflated by the client");
    }
    assertEquals(OFFERED, extensionNames(server.requests().get(0)));
    server.awaitReceived("rsv:4");
    server.awaitReceived("text:" + text);
    assertEquals(List.of(4), probe.rsv, "the server's echo came compressed (RSV1)");
  }

  /** Answers an upgrade with a 101 that accepts the key and names {@code extensions}. */
  private static TestServer.Route acceptingWith(String extensions) {
    return (ctx, req) -> {
      FullHttpResponse res = new DefaultFullHttpResponse(
          HttpVersion.HTTP_1_1, HttpResponseStatus.SWITCHING_PROTOCOLS, Unpooled.EMPTY_BUFFER);
      res.headers().set(HttpHeaderNames.UPGRADE, "websocket")
          .set(HttpHeaderNames.CONNECTION, "Upgrade")
          .set(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT,
              WebSocketUtils.getAcceptKey(req.headers().get(HttpHeaderNames.SEC_WEBSOCKET_KEY)))
          .set(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, extensions);
      TestServer.send(ctx, res);
    };
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
    "true|x-unknown|'x-unknown' (expected a single one of those offered: "
        + "'permessage-deflate; client_no_context_takeover, deflate-frame, x-webkit-deflate-frame')",
    "true|deflate-frame, permessage-deflate|'deflate-frame, permessage-deflate' (expected a single one of those offered: ",
    "true|deflate-frame; max_window_bits=10|'deflate-frame; max_window_bits=10' (expected deflate-frame with "
        + "parameters the client offered: ",
    "false|deflate-frame|'deflate-frame' (expected none: the client offered none)",
  })
  void anAnswerNamingAnExtensionTheClientCannotRunFailsTheUpgrade(
      boolean compression, String answer, String expected) throws Exception {
    server = new WsTestServer(false).http("/forged", acceptingWith(answer));
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setEnablewebSocketCompression(compression))) {
      Throwable cause = upgradeFailure(client, server.url("/forged"), events);
      assertInstanceOf(IOException.class, cause);
      assertTrue(cause.getMessage().contains("refused: Sec-WebSocket-Extensions " + expected), cause.getMessage());
    }
  }

  @Test
  void anExtensionTheRequestOfferedItselfButTheClientCannotRunFailsTheUpgrade() throws Exception {
    server = new WsTestServer(false).http("/forged", acceptingWith("x-custom"));
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Throwable cause = upgradeFailure(
          client.prepareGet(server.url("/forged")).setHeader(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, "x-custom"),
          events);
      assertTrue(cause.getMessage().contains("refused: Sec-WebSocket-Extensions 'x-custom' (expected "
          + "permessage-deflate, deflate-frame or x-webkit-deflate-frame: the client runs no other extension)"),
          cause.getMessage());
    }
  }

  @Test
  void compressionRefusedByTheServerLeavesFramesUncompressed() throws Exception {
    server = new WsTestServer(false).socket("/echo", WsTestServer.ECHO);
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setEnablewebSocketCompression(true))) {
      NettyWebSocket ws = events.opened(client, server.url("/echo"));
      assertNull(ws.getUpgradeHeaders().get(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
      ws.sendTextFrame("plain");
      assertEquals("text:plain:true", events.next());
    }
    assertTrue(server.requests().get(0).contains(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS), "offered");
    server.awaitReceived("rsv:0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"permessage-deflate", "deflate-frame"})
  void aCompressedFrameThatInflatesPastTheFrameLimitCloses1009(String extension) throws Exception {
    server = extension.equals("permessage-deflate") ? new WsTestServer(true) : WsTestServer.deflateFrameOnly(extension);
    server.socket("/bomb", new WsTestServer.Behaviour() {
      @Override
      public void onOpen(io.netty.channel.Channel ch) {
        ch.writeAndFlush(new TextWebSocketFrame(repeat('a', 100_000)));
      }

      @Override
      public void onFrame(io.netty.channel.Channel ch, io.netty.handler.codec.http.websocketx.WebSocketFrame f) {}
    });
    WsRecorder events = new WsRecorder();
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config()
        .setEnablewebSocketCompression(true).setWebSocketMaxDecompressedFrameSize(1024))) {
      NettyWebSocket ws = events.opened(client, server.url("/bomb"));
      assertEquals(extension, extensionNames(ws.getUpgradeHeaders()).get(0));
      String error = events.next();
      assertTrue(error.startsWith("error:DecompressionException"), error);
      assertTrue(events.next().startsWith("close:1009:"), events.all().toString());
    }
    assertTrue(server.raw().await(
        () -> server.received().stream().anyMatch(l -> l.startsWith("close:1009:")), Duration.ofSeconds(5)),
        "the server received the client's Close 1009: " + server.received());
  }

  @Test
  void theChecksOfAhc3011RefuseMismatchedRequestsAtSubmission() throws Exception {
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      WsRecorder events = new WsRecorder();
      ListenableFuture<NettyWebSocket> notWs = client.prepareGet("http://127.0.0.1:1/")
          .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(events).build());
      ExecutionException e = Await.failed(notWs, 5);
      assertEquals("uri scheme: http (expected ws or wss for a WebSocketUpgradeHandler)",
          e.getCause().getMessage());
      assertEquals(1, events.count("error:IllegalArgumentException"));

      ListenableFuture<NettyWebSocket> post = client.preparePost("ws://127.0.0.1:1/")
          .execute(new WebSocketUpgradeHandler.Builder().build());
      e = Await.failed(post, 5);
      assertEquals("method: POST (expected GET for a WebSocket upgrade)", e.getCause().getMessage());

      ListenableFuture<?> plain = client.prepareGet("ws://127.0.0.1:1/").execute(new AsyncCompletionHandlerBase());
      e = Await.failed(plain, 5);
      assertEquals("uri scheme: ws (expected a WebSocketUpgradeHandler for a ws or wss URI)",
          e.getCause().getMessage());
    }
  }
}
