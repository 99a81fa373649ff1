package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.H2TestServer;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Interoperability with a second HTTP/2 implementation: a Jetty 12 server over TLS with ALPN.
 * Negotiation both ways, multiplexing, a body upload, and a stream reset on timeout that leaves
 * the connection serving.
 */
class Http2JettyInteropTest {
  private Server jetty;
  private DefaultAsyncHttpClient client;
  /** Client addresses of the TCP connections Jetty accepted (Jetty makes several Connection objects for one). */
  private final Set<java.net.SocketAddress> connections = ConcurrentHashMap.newKeySet();

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, jetty == null ? null : jetty::stop);
  }

  private String start(boolean offerH2) throws Exception {
    jetty = new Server();
    SslContextFactory.Server tls = new SslContextFactory.Server();
    KeyStore ks = H2TestServer.certificate().toKeyStore("pw".toCharArray());
    tls.setKeyStore(ks);
    tls.setKeyStorePassword("pw");
    HttpConfiguration http = new HttpConfiguration();
    HttpConnectionFactory h1 = new HttpConnectionFactory(http);
    ServerConnector connector;
    if (offerH2) {
      HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(http);
      ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
      alpn.setDefaultProtocol(h1.getProtocol());
      connector = new ServerConnector(jetty, new SslConnectionFactory(tls, alpn.getProtocol()), alpn, h2, h1);
    } else {
      connector = new ServerConnector(jetty, new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()), h1);
    }
    connector.setHost("127.0.0.1");
    connector.addEventListener(
        new Connection.Listener() {
          @Override
          public void onOpened(Connection connection) {
            connections.add(connection.getEndPoint().getRemoteSocketAddress());
          }
        });
    jetty.addConnector(connector);
    jetty.setHandler(
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, org.eclipse.jetty.server.Response response, Callback callback)
              throws Exception {
            String path = Request.getPathInContext(request);
            if (path.equals("/stall")) {
              return true; // never answered; the callback is left pending
            }
            String body = Content.Source.asString(request, StandardCharsets.UTF_8);
            String answer = request.getConnectionMetaData().getProtocol() + " " + path + " " + body.length();
            response.getHeaders().put("content-type", "text/plain");
            response.write(true, ByteBuffer.wrap(answer.getBytes(StandardCharsets.UTF_8)), callback);
            return true;
          }
        });
    jetty.start();
    return "https://127.0.0.1:" + connector.getLocalPort();
  }

  @Test
  void h2WithJettyMultiplexedOnOneConnection() throws Exception {
    String base = start(true);
    // The subject is multiplexing on one connection. With a further connection allowed (the
    // default allows two once 8 streams are in flight), a loaded machine that opens the first
    // connection before the loop ends may send some streams to a second one (reproduced with a
    // 2 s pause after the 10th request), and Jetty would count two connections.
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setHttp2MaxConnectionsPerPartition(1));

    List<ListenableFuture<Response>> futures = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      futures.add(client.prepareGet(base + "/item/" + i).execute());
    }
    for (int i = 0; i < 20; i++) {
      Response res = futures.get(i).get(10, TimeUnit.SECONDS);
      assertEquals(200, res.getStatusCode());
      assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
      assertEquals("HTTP/2.0 /item/" + i + " 0", res.getResponseBody());
    }
    assertEquals(1, connections.size(), "Jetty saw one connection");
  }

  @Test
  void uploadLargerThanTheWindow() throws Exception {
    String base = start(true);
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());
    String payload = "x".repeat(300_000);
    Response res = client.preparePost(base + "/upload").setBody(payload).execute().get(10, TimeUnit.SECONDS);
    assertEquals("HTTP/2.0 /upload 300000", res.getResponseBody());
  }

  @Test
  void http1WhenJettyOffersOnlyHttp1() throws Exception {
    String base = start(false);
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());
    Response res = client.prepareGet(base + "/plain").execute().get(10, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_1_1, res.getProtocol());
    assertEquals("HTTP/1.1 /plain 0", res.getResponseBody());
  }

  @Test
  void timedOutStreamIsResetAndTheConnectionServesOn() throws Exception {
    String base = start(true);
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setUseEventLoopTimeouts(true));
    client.prepareGet(base + "/warm").execute().get(10, TimeUnit.SECONDS);

    ExecutionException e =
        Await.failed(client.prepareGet(base + "/stall").setRequestTimeout(Duration.ofMillis(300)).execute(), 10);
    assertInstanceOf(TimeoutException.class, e.getCause());

    Response after = client.prepareGet(base + "/after").execute().get(10, TimeUnit.SECONDS);
    assertEquals("HTTP/2.0 /after 0", after.getResponseBody());
    assertEquals(1, connections.size(), "the reset stream's connection served on");
  }
}
