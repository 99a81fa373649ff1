package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.FullBacklog;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Opening connections: refusal, connect timeout, resolution, local and fixed addresses. */
class ConnectTest {
  private static DefaultAsyncHttpClient client;
  private TestServer server;

  @BeforeAll
  static void newClient() {
    client = ClientFixture.client();
  }

  @AfterAll
  static void closeClient() {
    client.close();
  }

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, ip("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /** A resolver over a fixed table; anything else is unknown. Counts its lookups. */
  private static final class TableResolver extends InetNameResolver {
    final Map<String, List<InetAddress>> table;
    final List<String> lookups = new CopyOnWriteArrayList<>();

    TableResolver(Map<String, List<InetAddress>> table) {
      super(ImmediateEventExecutor.INSTANCE);
      this.table = table;
    }

    @Override
    protected void doResolve(String host, Promise<InetAddress> promise) {
      lookups.add(host);
      List<InetAddress> all = table.get(host);
      if (all == null) {
        promise.setFailure(new UnknownHostException(host + " (test table)"));
      } else {
        promise.setSuccess(all.get(0));
      }
    }

    @Override
    protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
      lookups.add(host);
      List<InetAddress> all = table.get(host);
      if (all == null) {
        promise.setFailure(new UnknownHostException(host + " (test table)"));
      } else {
        promise.setSuccess(new ArrayList<>(all));
      }
    }
  }

  /** An IPv4 literal as an address, without any name lookup. */
  private static InetAddress ip(String literal) throws UnknownHostException {
    String[] parts = literal.split("\\.", -1);
    byte[] bytes = new byte[4];
    for (int i = 0; i < 4; i++) {
      bytes[i] = (byte) Integer.parseInt(parts[i]);
    }
    return InetAddress.getByAddress(bytes);
  }

  @Test
  void connectionRefusedIsAConnectException() throws Exception {
    int port = freePort();
    RecordingHandler h = new RecordingHandler();
    ExecutionException e =
        Await.failed(client.prepareGet("http://127.0.0.1:" + port + "/").execute(h), 5);
    assertInstanceOf(ConnectException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains(String.valueOf(port)), e.getCause().getMessage());
    assertTrue(h.names().containsAll(List.of("connectAttempt", "connectFailure", "throwable")), h.events().toString());
    assertFalse(h.names().contains("send"));
  }

  /**
   * Sends a GET to the full listener on {@code port} with a client on {@code config}, asserts that
   * it fails after about 300 ms (whichever timeout is the 300 ms one), and returns the cause.
   */
  private static Throwable failsAfter300Ms(DefaultAsyncHttpClientConfig.Builder config, int port)
      throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(config)) {
      long start = System.nanoTime();
      ExecutionException e =
          Await.failed(c.prepareGet("http://127.0.0.1:" + port + "/").execute(), 10);
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(ms >= 250 && ms < 3000, "failed after " + ms + " ms");
      return e.getCause();
    }
  }

  @Test
  void connectTimeoutAgainstAFullBacklog() throws Exception {
    try (FullBacklog never = FullBacklog.open()) {
      assumeTrue(never.hanging(), "could not fill the listen backlog on this machine: connect timeout not testable");
      Throwable refused = failsAfter300Ms(
          ClientFixture.config().setConnectTimeout(Duration.ofMillis(300)), never.port());
      assertInstanceOf(ConnectException.class, refused);
      // The request timeout bounds the connect too, when it is the shorter of the two.
      Throwable bounded = failsAfter300Ms(
          ClientFixture.config().setTypedTimeoutExceptions(true)
              .setConnectTimeout(Duration.ofSeconds(20))
              .setRequestTimeout(Duration.ofMillis(300)),
          never.port());
      RequestTimeoutException timeout = assertInstanceOf(RequestTimeoutException.class, bounded);
      assertEquals(ExchangeTimeoutException.Phase.CONNECTING, timeout.getPhase(), timeout.getMessage());
      assertTrue(timeout.getMessage().contains("connecting"), timeout.getMessage());
    }
  }

  @Test
  void perRequestNameResolverAndHookOrder() throws Exception {
    TableResolver resolver = new TableResolver(Map.of("test.invalid", List.of(ip("127.0.0.1"))));
    RecordingHandler h = new RecordingHandler();
    String url = "http://test.invalid:" + server.port() + "/hello";
    Response value = client.prepareGet(url).setNameResolver(resolver).execute(h).get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    assertEquals(List.of("test.invalid"), resolver.lookups);
    assertEquals("test.invalid:" + server.port(), server.received().get(0).headers.get(HttpHeaderNames.HOST));
    assertEquals(
        List.of("poolAttempt", "resolveAttempt", "resolveSuccess", "connectAttempt", "connectSuccess",
            "send", "status", "headers", "part", "offer", "completed"),
        h.names());
    assertEquals("resolveAttempt:test.invalid", h.events().get(1));
    assertTrue(h.events().get(3).contains("127.0.0.1:" + server.port()), h.events().get(3));
  }

  @Test
  void resolutionFailureFailsTheRequest() throws Exception {
    TableResolver resolver = new TableResolver(Map.of());
    RecordingHandler h = new RecordingHandler();
    ExecutionException e =
        Await.failed(
            client.prepareGet("http://missing.invalid:" + server.port() + "/").setNameResolver(resolver).execute(h), 10);
    assertInstanceOf(UnknownHostException.class, e.getCause());
    assertEquals(List.of("poolAttempt", "resolveAttempt", "resolveFailure", "throwable"), h.names());
    assertEquals(0, server.acceptedCount());
  }

  @Test
  void aResolutionWithNoAddressFailsAsAnUnknownHost() throws Exception {
    TableResolver resolver = new TableResolver(Map.of("empty.invalid", List.of()));
    ExecutionException e =
        Await.failed(
            client.prepareGet("http://empty.invalid:" + server.port() + "/").setNameResolver(resolver).execute(), 10);
    // AHC 3.0.12 (#2254): an UnknownHostException naming the host.
    assertInstanceOf(UnknownHostException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("empty.invalid"), e.getCause().getMessage());
    assertEquals(0, server.acceptedCount());
  }

  @Test
  void eachResolvedAddressIsTriedInTurn() throws Exception {
    // Nothing listens on 127.0.0.3 at the server's port: refused, then 127.0.0.1 answers.
    TableResolver resolver =
        new TableResolver(Map.of("multi.invalid", Arrays.asList(ip("127.0.0.3"), ip("127.0.0.1"))));
    RecordingHandler h = new RecordingHandler();
    Response value =
        client.prepareGet("http://multi.invalid:" + server.port() + "/hello")
            .setNameResolver(resolver)
            .execute(h)
            .get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    List<String> names = h.names();
    int first = names.indexOf("connectAttempt");
    assertEquals(
        List.of("connectAttempt", "connectFailure", "connectAttempt", "connectSuccess"),
        names.subList(first, first + 4));
    assertTrue(h.events().get(first).contains("127.0.0.3"), h.events().toString());
    assertTrue(h.events().get(first + 2).contains("127.0.0.1"), h.events().toString());
  }

  @Test
  void localAddressIsBound() throws Exception {
    InetAddress local = ip("127.0.0.2");
    try (Socket probe = new Socket()) {
      probe.bind(new InetSocketAddress(local, 0));
      probe.connect(new InetSocketAddress(ip("127.0.0.1"), server.port()), 1000);
    } catch (IOException e) {
      assumeTrue(false, "127.0.0.2 is not usable as a local address here: " + e);
    }
    server.awaitClosed(1); // the probe
    int before = server.acceptedCount();
    assertEquals(
        "hi",
        client.prepareGet(server.url("/hello"))
            .setLocalAddress(local)
            .execute()
            .get(10, TimeUnit.SECONDS)
            .getResponseBody());
    assertEquals(before + 1, server.acceptedCount());
    InetSocketAddress seen =
        (InetSocketAddress) server.received().get(0).channel.remoteAddress();
    assertEquals(local, seen.getAddress());
  }

  @Test
  void setAddressBypassesResolution() throws Exception {
    TableResolver resolver = new TableResolver(Map.of());
    RecordingHandler h = new RecordingHandler();
    Response value =
        client.prepareGet("http://fixed.invalid:" + server.port() + "/hello")
            .setAddress(ip("127.0.0.1"))
            .setNameResolver(resolver)
            .execute(h)
            .get(10, TimeUnit.SECONDS);
    assertEquals(200, value.getStatusCode());
    assertTrue(resolver.lookups.isEmpty(), resolver.lookups.toString());
    assertFalse(h.names().contains("resolveAttempt"), h.events().toString());
    assertEquals("fixed.invalid:" + server.port(), server.received().get(0).headers.get(HttpHeaderNames.HOST));
  }
}
