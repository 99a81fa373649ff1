package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Param;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.Response;
import org.asynchttpclient.SignatureCalculator;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CR, LF and NUL in any part of a request that reaches the wire are refused before anything is
 * written: the request fails with an {@link IllegalArgumentException} (at build or at send), and
 * the server, also used as the HTTP proxy where one is configured, never even sees a connection.
 * A last, clean request proves the server would have answered.
 */
class InjectionTest {
  private static final String[] BAD = {"a\r\nX-Injected: 1", "a\nX-Injected: 1", "a\rb", "a\0b"};

  private RawServer server;
  private DefaultAsyncHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = RawServer.answering("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    client = new DefaultAsyncHttpClient(ClientFixture.faultConfig().build());
  }

  @AfterEach
  void stop() throws Exception {
    try {
      aCleanRequestStillGoesThrough();
    } finally {
      Closing.closeAll(client, server);
    }
  }

  /** The request is refused at build or at send, and nothing reached the server. */
  private void assertRefused(String what, DefaultAsyncHttpClient c, Supplier<Request> request)
      throws Exception {
    Request built;
    try {
      built = request.get();
    } catch (IllegalArgumentException refusedAtBuild) {
      assertNoConnection(what);
      return;
    }
    RecordingHandler handler = new RecordingHandler();
    ListenableFuture<Response> f;
    try {
      f = c.executeRequest(built, handler);
    } catch (IllegalArgumentException refusedAtSend) {
      assertNoConnection(what);
      return;
    }
    try {
      Response response = f.get(5, TimeUnit.SECONDS);
      fail(what + ": was sent and answered " + (response == null ? "nothing" : response.getStatusCode()));
    } catch (ExecutionException e) {
      assertInstanceOf(IllegalArgumentException.class, e.getCause(), what + ": " + e.getCause());
    }
    assertEquals(1, handler.terminals(), what + ": terminal callbacks");
    assertInstanceOf(IllegalArgumentException.class, handler.failure(), what);
    assertNoConnection(what);
  }

  private void assertRefused(String what, Supplier<Request> request) throws Exception {
    assertRefused(what, client, request);
  }

  private void assertNoConnection(String what) {
    assertEquals(0, server.acceptedCount(), what + ": the server saw a connection");
  }

  private void aCleanRequestStillGoesThrough() throws Exception {
    assertEquals(
        200,
        client.prepareGet(server.url("/clean")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
    assertEquals(1, server.requestCount());
  }

  @Test
  void headerNamesAndValues() throws Exception {
    for (String bad : BAD) {
      assertRefused(
          "header value " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).addHeader("X-A", bad).build());
      assertRefused(
          "header value (set) " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).setHeader("X-A", bad).build());
      assertRefused(
          "header name " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).addHeader(bad, "v").build());
      HttpHeaders unchecked = new DefaultHttpHeaders(false).add("X-A", bad);
      assertRefused(
          "headers object " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).setHeaders(unchecked).build());
    }
  }

  @Test
  void method() throws Exception {
    for (String bad : BAD) {
      assertRefused(
          "method " + bad, () -> new RequestBuilder("GET" + bad).setUrl(server.url("/")).build());
    }
    assertRefused("method with space", () -> new RequestBuilder("GET /x").setUrl(server.url("/")).build());
  }

  @Test
  void pathQueryAndHost() throws Exception {
    for (String bad : BAD) {
      assertRefused(
          "path " + bad,
          () ->
              new RequestBuilder()
                  .setUri(new Uri("http", null, "127.0.0.1", server.port(), "/p" + bad, null, null))
                  .build());
      assertRefused(
          "query " + bad,
          () ->
              new RequestBuilder()
                  .setUri(new Uri("http", null, "127.0.0.1", server.port(), "/p", "q=" + bad, null))
                  .build());
      assertRefused(
          "host " + bad,
          () ->
              new RequestBuilder()
                  .setUri(new Uri("http", null, "127.0.0.1" + bad, server.port(), "/", null, null))
                  .setAddress(java.net.InetAddress.getLoopbackAddress())
                  .build());
      assertRefused(
          "url " + bad, () -> new RequestBuilder().setUrl(server.url("/p" + bad)).build());
      assertRefused(
          "virtual host " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).setVirtualHost("example.com" + bad).build());
    }
  }

  @Test
  void cookiesWithStrictAndLaxEncoders() throws Exception {
    try (DefaultAsyncHttpClient lax =
        new DefaultAsyncHttpClient(ClientFixture.faultConfig().setUseLaxCookieEncoder(true).build())) {
      for (String bad : BAD) {
        for (DefaultAsyncHttpClient c : List.of(client, lax)) {
          String mode = c == client ? "strict " : "lax ";
          assertRefused(
              mode + "cookie value " + bad,
              c,
              () ->
                  new RequestBuilder()
                      .setUrl(server.url("/"))
                      .addCookie(new DefaultCookie("c", bad))
                      .build());
          assertRefused(
              mode + "cookie name " + bad,
              c,
              () ->
                  new RequestBuilder()
                      .setUrl(server.url("/"))
                      .addCookie(new DefaultCookie("c" + bad, "v"))
                      .build());
        }
      }
    }
  }

  @Test
  void proxyCustomHeaders() throws Exception {
    for (String bad : BAD) {
      ProxyServer valueProxy =
          new ProxyServer.Builder("127.0.0.1", server.port())
              .setCustomHeaders(r -> new DefaultHttpHeaders(false).add("X-Proxy", bad))
              .build();
      assertRefused(
          "proxy header value " + bad,
          () -> new RequestBuilder().setUrl("http://example.invalid/").setProxyServer(valueProxy).build());
      ProxyServer nameProxy =
          new ProxyServer.Builder("127.0.0.1", server.port())
              .setCustomHeaders(r -> new DefaultHttpHeaders(false).add("X-Proxy" + bad, "v"))
              .build();
      assertRefused(
          "proxy header name " + bad,
          () -> new RequestBuilder().setUrl("http://example.invalid/").setProxyServer(nameProxy).build());
    }
    // Control: the same proxy with a clean custom header is reached, header and all.
    List<String> heads = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (RawServer proxy =
        RawServer.withResponder(
            (ch, head) -> {
              heads.add(head);
              RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
            })) {
      ProxyServer fine =
          new ProxyServer.Builder("127.0.0.1", proxy.port())
              .setCustomHeaders(r -> new DefaultHttpHeaders(false).add("X-Proxy", "fine"))
              .build();
      Request r = new RequestBuilder().setUrl("http://example.invalid/").setProxyServer(fine).build();
      assertEquals(200, client.executeRequest(r).get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(1, heads.size());
      assertTrue(heads.get(0).contains("\r\nX-Proxy: fine\r\n"), heads.get(0));
    }
  }

  @Test
  void requestsBuiltFromAPrototype() throws Exception {
    Request clean = new RequestBuilder().setUrl(server.url("/")).addHeader("X-A", "fine").build();
    for (String bad : BAD) {
      Request hostile = new HostileRequest(clean, bad);
      assertRefused("prototype headers (toBuilder) " + bad, () -> hostile.toBuilder().build());
      assertRefused(
          "prototype headers (prepareRequest) " + bad, () -> client.prepareRequest(hostile).build());
      assertRefused("hostile Request itself " + bad, () -> hostile);
      assertRefused(
          "prototype, then a bad header " + bad,
          () -> client.prepareRequest(clean).addHeader("X-B", bad).build());
      assertRefused(
          "prototype via toBuilder " + bad, () -> clean.toBuilder().setHeader("X-A", bad).build());
    }
  }

  @Test
  void signatureCalculatorAddingABadHeader() throws Exception {
    for (String bad : BAD) {
      SignatureCalculator signer =
          (request, builder) -> builder.addHeader("X-Signature", "sig" + bad);
      assertRefused(
          "signature header " + bad,
          () -> new RequestBuilder().setUrl(server.url("/")).setSignatureCalculator(signer).build());
      client.setSignatureCalculator(signer);
      try {
        Throwable refused = null;
        RecordingHandler handler = new RecordingHandler();
        try {
          client.prepareGet(server.url("/")).execute(handler).get(5, TimeUnit.SECONDS);
        } catch (IllegalArgumentException e) {
          refused = e;
        } catch (ExecutionException e) {
          refused = e.getCause();
        }
        assertNotNull(refused, "client-wide signature calculator " + bad);
        assertInstanceOf(IllegalArgumentException.class, refused);
        assertNoConnection("client-wide signature calculator " + bad);
      } finally {
        client.setSignatureCalculator(null);
      }
    }
  }

  /**
   * A user's own {@link Request} implementation that returns unchecked headers, cookies and a
   * virtual host: nothing the builder checked on the way in.
   */
  private static final class HostileRequest implements Request {
    private final Request clean;
    private final String bad;

    HostileRequest(Request clean, String bad) {
      this.clean = clean;
      this.bad = bad;
    }

    @Override
    public String getUrl() {
      return clean.getUrl();
    }

    @Override
    public String getMethod() {
      return clean.getMethod();
    }

    @Override
    public Uri getUri() {
      return clean.getUri();
    }

    @Override
    public HttpHeaders getHeaders() {
      return new DefaultHttpHeaders(false).add("X-Evil", bad);
    }

    @Override
    public List<Cookie> getCookies() {
      return new ArrayList<>(Collections.singletonList(new DefaultCookie("c", "v")));
    }

    // Everything else as the clean request has it.

    @Override
    public String getVirtualHost() {
      return clean.getVirtualHost();
    }

    @Override
    public java.net.InetAddress getAddress() {
      return clean.getAddress();
    }

    @Override
    public java.net.InetAddress getLocalAddress() {
      return clean.getLocalAddress();
    }

    @Override
    public byte[] getByteData() {
      return clean.getByteData();
    }

    @Override
    public List<byte[]> getCompositeByteData() {
      return clean.getCompositeByteData();
    }

    @Override
    public String getStringData() {
      return clean.getStringData();
    }

    @Override
    public java.nio.ByteBuffer getByteBufferData() {
      return clean.getByteBufferData();
    }

    @Override
    public io.netty.buffer.ByteBuf getByteBufData() {
      return clean.getByteBufData();
    }

    @Override
    public java.io.InputStream getStreamData() {
      return clean.getStreamData();
    }

    @Override
    public org.asynchttpclient.request.body.generator.BodyGenerator getBodyGenerator() {
      return clean.getBodyGenerator();
    }

    @Override
    public List<Param> getFormParams() {
      return clean.getFormParams();
    }

    @Override
    public List<org.asynchttpclient.request.body.multipart.Part> getBodyParts() {
      return clean.getBodyParts();
    }

    @Override
    public ProxyServer getProxyServer() {
      return clean.getProxyServer();
    }

    @Override
    public org.asynchttpclient.Realm getRealm() {
      return clean.getRealm();
    }

    @Override
    public java.io.File getFile() {
      return clean.getFile();
    }

    @Override
    public Boolean getFollowRedirect() {
      return clean.getFollowRedirect();
    }

    @Override
    public java.time.Duration getRequestTimeout() {
      return clean.getRequestTimeout();
    }

    @Override
    public java.time.Duration getReadTimeout() {
      return clean.getReadTimeout();
    }

    @Override
    public long getRangeOffset() {
      return clean.getRangeOffset();
    }

    @Override
    public Charset getCharset() {
      return clean.getCharset() != null ? clean.getCharset() : StandardCharsets.UTF_8;
    }

    @Override
    public org.asynchttpclient.channel.ChannelPoolPartitioning getChannelPoolPartitioning() {
      return clean.getChannelPoolPartitioning();
    }

    @Override
    public io.netty.resolver.NameResolver<java.net.InetAddress> getNameResolver() {
      return clean.getNameResolver();
    }

    @Override
    public List<Param> getQueryParams() {
      return clean.getQueryParams();
    }
  }
}
