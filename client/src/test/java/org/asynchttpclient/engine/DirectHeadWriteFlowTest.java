package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bodiless requests written as bytes below the codec: which requests skip the handlers above it,
 * that the codec still reads a HEAD's answer as bodiless when GETs around it skipped it, and that a
 * user's channel initializer keeps every request going through the pipeline.
 */
class DirectHeadWriteFlowTest extends HelloFixture {
  /** The name of the recorder this test puts right above the codec. */
  private static final String RECORDER = "request-recorder";

  /** The methods of the HttpRequest objects that passed the recorder. */
  private final List<String> seen = new CopyOnWriteArrayList<>();

  @BeforeEach
  void headRoute() {
    // A HEAD answer announcing a body it does not carry: read as a GET's, the exchange would wait
    // for five bytes that never come.
    server.route(
        "/head",
        (ctx, req) -> {
          FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
          res.headers().set(HttpHeaderNames.CONTENT_LENGTH, 5);
          TestServer.send(ctx, res);
        });
  }

  private final class Recorder extends ChannelOutboundHandlerAdapter {
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
      if (msg instanceof HttpRequest) {
        seen.add(((HttpRequest) msg).method().name());
      }
      super.write(ctx, msg, promise);
    }
  }

  private void addRecorder(Channel channel) {
    if (channel.pipeline().get(RECORDER) == null) {
      channel.pipeline().addAfter("http", RECORDER, new Recorder());
    }
  }

  /** Puts the recorder on the pooled connection before the request is written on it. */
  private final class RecordOnPooled extends AsyncCompletionHandlerBase {
    @Override
    public void onConnectionPooled(Channel connection) {
      addRecorder(connection);
    }
  }

  private Response run(DefaultAsyncHttpClient c, String method, String path) throws Exception {
    return c.prepare(method, server.url(path)).execute(new RecordOnPooled()).get(10, TimeUnit.SECONDS);
  }

  @Test
  void pooledGetsSkipTheHandlersAboveTheCodecAndAHeadBetweenThemStillReadsNoBody() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      assertEquals(HELLO, run(c, "GET", "/hello").getResponseBody()); // opens the connection
      assertEquals(HELLO, run(c, "GET", "/hello").getResponseBody());
      Response head = run(c, "HEAD", "/head");
      assertEquals(200, head.getStatusCode());
      assertEquals("", head.getResponseBody());
      assertEquals(HELLO, run(c, "GET", "/hello").getResponseBody());
      assertEquals(HELLO, run(c, "DELETE", "/hello").getResponseBody());
      assertEquals(1, server.acceptedCount(), "every request on the one connection");
      assertEquals(List.of("HEAD"), seen, "only the HEAD went through the handlers above the codec");
    }
  }

  @Test
  void headsOfEveryLengthReachTheServerIntactOnOneConnection() throws Exception {
    // One connection's heads share one kept buffer: each must be written whole, nothing of the
    // one before it left in the buffer, through a head too long to keep (a 5000-byte header)
    // and back.
    int[] pads = {0, 600, 3, 5000, 10, 0};
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      for (int i = 0; i < pads.length; i++) {
        BoundRequestBuilder get = c.prepareGet(server.url("/hello") + "?n=" + i);
        if (pads[i] > 0) {
          get.setHeader("X-Pad", "p".repeat(pads[i]));
        }
        assertEquals(HELLO, get.execute().get(10, TimeUnit.SECONDS).getResponseBody(), "request " + i);
      }
      assertEquals(1, server.acceptedCount(), "every request on the one connection");
    }
    List<TestServer.Received> received = server.received();
    assertEquals(pads.length, received.size());
    for (int i = 0; i < pads.length; i++) {
      TestServer.Received r = received.get(i);
      assertEquals("/hello?n=" + i, r.uri);
      String pad = r.headers.get("X-Pad");
      assertEquals(pads[i], pad == null ? 0 : pad.length(), "request " + i + "'s X-Pad");
    }
  }

  @Test
  void withAChannelInitializerEveryRequestGoesThroughThePipeline() throws Exception {
    DefaultAsyncHttpClientConfig.Builder config =
        ClientFixture.config().setMaxConnections(1).setHttpAdditionalChannelInitializer(this::addRecorder);
    try (DefaultAsyncHttpClient c = ClientFixture.client(config)) {
      assertEquals(HELLO, run(c, "GET", "/hello").getResponseBody());
      assertEquals(HELLO, run(c, "GET", "/hello").getResponseBody());
      assertEquals(1, server.acceptedCount());
      assertEquals(List.of("GET", "GET"), seen);
    }
  }

  @Test
  void headsNobodyAskedForReachTheServerAsBuiltOnesWithTheirOwnHostAndMethod() throws Exception {
    // One connection keeps the bytes after the request line of its last head of the client's own
    // headers; a head of another virtual host or method must not be written with them.
    String[][] heads = {{"GET", null}, {"GET", "a.example"}, {"GET", "a.example"}, {"POST", "a.example"},
      {"GET", null}, {"DELETE", "b.example:81"}, {"GET", null}, {"GET", null}};
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      for (int i = 0; i < heads.length; i++) {
        // One partition whatever the virtual host (the default one tells them apart), so that all
        // the heads share the connection.
        BoundRequestBuilder b =
            c.prepare(heads[i][0], server.url("/hello") + "?n=" + i)
                .setChannelPoolPartitioning((uri, virtualHost, proxy) -> "one");
        if (heads[i][1] != null) {
          b.setVirtualHost(heads[i][1]);
        }
        assertEquals(HELLO, b.execute().get(10, TimeUnit.SECONDS).getResponseBody(), "request " + i);
      }
      assertEquals(1, server.acceptedCount(), "every request on the one connection");
    }
    List<TestServer.Received> received = server.received();
    assertEquals(heads.length, received.size());
    String ownHost = URI.create(server.url("/")).getAuthority();
    for (int i = 0; i < heads.length; i++) {
      TestServer.Received r = received.get(i);
      assertEquals(heads[i][0] + " /hello?n=" + i, r.method + " " + r.uri);
      assertEquals(heads[i][1] != null ? heads[i][1] : ownHost, r.headers.get(HttpHeaderNames.HOST), "request " + i);
      assertEquals("POST".equals(heads[i][0]) ? "0" : null, r.headers.get(HttpHeaderNames.CONTENT_LENGTH),
          "request " + i);
    }
  }

  @Test
  void aHeadChangedInOnRequestSendAndAKeepAliveStrategyOfTheUsersSeeTheBuiltHead() throws Exception {
    List<String> strategySaw = new CopyOnWriteArrayList<>();
    DefaultAsyncHttpClientConfig.Builder config =
        ClientFixture.config()
            .setMaxConnections(1)
            .setKeepAliveStrategy(
                (remote, ahcRequest, head, response) -> {
                  strategySaw.add(head.headers().get("X-Changed") + " " + head.headers().get(HttpHeaderNames.HOST));
                  return true;
                });
    try (DefaultAsyncHttpClient c = ClientFixture.client(config)) {
      for (int i = 0; i < 3; i++) {
        int n = i;
        Response r =
            c.prepareGet(server.url("/hello"))
                .execute(
                    new AsyncCompletionHandlerBase() {
                      @Override
                      public void onRequestSend(NettyRequest request) {
                        if (n == 1) {
                          request.getHttpRequest().headers().set("X-Changed", "yes");
                        }
                      }
                    })
                .get(10, TimeUnit.SECONDS);
        assertEquals(HELLO, r.getResponseBody());
      }
      assertEquals(1, server.acceptedCount(), "every request on the one connection");
    }
    List<TestServer.Received> received = server.received();
    assertEquals(List.of("null", "yes", "null"),
        List.of(String.valueOf(received.get(0).headers.get("X-Changed")),
            String.valueOf(received.get(1).headers.get("X-Changed")),
            String.valueOf(received.get(2).headers.get("X-Changed"))),
        "only the second head was changed, and the third was not written with its bytes");
    String host = URI.create(server.url("/")).getAuthority();
    assertEquals(List.of("null " + host, "yes " + host, "null " + host), strategySaw);
  }
}
