package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.resolver.NameResolver;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.ExchangeTimeoutException.Phase;
import org.asynchttpclient.exception.ReadTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.NeverResolver;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each timeout kind thrown from each phase it can come from, against loopback servers that stall
 * in that phase, in both timeout modes: the exception's type says the kind, and its data says the
 * phase, the hop and the budget.
 */
class TimeoutPhasesTest {
  private static final Duration SHORT = Duration.ofMillis(300);

  private static DefaultAsyncHttpClientConfig.Builder config(boolean eventLoop) {
    return ClientFixture.config().setTypedTimeoutExceptions(true)
        .setUseEventLoopTimeouts(eventLoop)
        .setRequestTimeout(SHORT)
        .setReadTimeout(Duration.ofSeconds(30));
  }

  /** Runs {@code call}, expects a timeout of {@code type} in {@code phase}, and returns it. */
  private static <T extends ExchangeTimeoutException> T expect(
      Class<T> type, Phase phase, Executable call) {
    ExecutionException e = assertThrows(ExecutionException.class, call);
    T timeout = assertInstanceOf(type, e.getCause(), "cause");
    assertEquals(phase, timeout.getPhase(), timeout.getMessage());
    assertEquals(0, timeout.getHop());
    assertTrue(
        timeout.getMessage().contains(phase.name().toLowerCase(Locale.ROOT).replace('_', ' ')),
        "the message names the phase: " + timeout.getMessage());
    return timeout;
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void waitingForAPermit(boolean eventLoop) throws Exception {
    try (TestServer server = new TestServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(
                config(eventLoop)
                    .setMaxConnectionsPerHost(1)
                    .setAcquireFreeChannelTimeout(60_000)
                    .build())) {
      CompletableFuture<Response> holder =
          client
              .prepareGet(server.url("/never"))
              .setRequestTimeout(Duration.ofSeconds(30))
              .execute()
              .toCompletableFuture();
      server.awaitReceived(1);
      RequestTimeoutException t =
          expect(
              RequestTimeoutException.class,
              Phase.WAITING_FOR_CONNECTION,
              () -> client.prepareGet(server.url("/never")).execute().get(10, TimeUnit.SECONDS));
      assertEquals(SHORT.toMillis(), t.getBudgetMillis());
      assertEquals(1, server.received().size(), "the waiting request reached the server");
      holder.cancel(true);
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void resolving(boolean eventLoop) throws Exception {
    NameResolver<InetAddress> never = new NeverResolver();
    try (DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      expect(
          RequestTimeoutException.class,
          Phase.RESOLVING,
          () ->
              client
                  .prepareGet("http://never.invalid:8080/")
                  .setNameResolver(never)
                  .execute()
                  .get(10, TimeUnit.SECONDS));
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void connectingThroughAProxyThatNeverAnswersConnect(boolean eventLoop) throws Exception {
    try (RawServer proxy = RawServer.withPipeline(ch -> {});
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      expect(
          RequestTimeoutException.class,
          Phase.CONNECTING,
          () ->
              client
                  .prepareGet("https://127.0.0.1:1/")
                  .setProxyServer(new ProxyServer.Builder("127.0.0.1", proxy.port()))
                  .execute()
                  .get(10, TimeUnit.SECONDS));
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void tlsHandshakeWithAServerThatNeverSpeaks(boolean eventLoop) throws Exception {
    try (RawServer silent = RawServer.withPipeline(ch -> {});
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      ExchangeTimeoutException t =
          expect(
              RequestTimeoutException.class,
              Phase.TLS_HANDSHAKE,
              () ->
                  client
                      .prepareGet("https://127.0.0.1:" + silent.port() + "/")
                      .execute()
                      .get(10, TimeUnit.SECONDS));
      assertTrue(t.getRemoteAddress() != null, "connected, so the address is known");
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void writingABodyTheServerDoesNotRead(boolean eventLoop) throws Exception {
    try (RawServer deaf = RawServer.withPipeline(ch -> ch.config().setAutoRead(false));
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      byte[] body = new byte[64 * 1024 * 1024];
      expect(
          RequestTimeoutException.class,
          Phase.WRITING,
          () -> client.preparePost(deaf.url("/")).setBody(body).execute().get(10, TimeUnit.SECONDS));
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void waitingForTheResponse(boolean eventLoop) throws Exception {
    try (TestServer server = new TestServer().route("/never", (ctx, req) -> {});
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      expect(
          RequestTimeoutException.class,
          Phase.WAITING_FOR_RESPONSE,
          () -> client.prepareGet(server.url("/never")).execute().get(10, TimeUnit.SECONDS));
      ReadTimeoutException read =
          expect(
              ReadTimeoutException.class,
              Phase.WAITING_FOR_RESPONSE,
              () ->
                  client
                      .prepareGet(server.url("/never"))
                      .setRequestTimeout(Duration.ofSeconds(30))
                      .setReadTimeout(SHORT)
                      .execute()
                      .get(10, TimeUnit.SECONDS));
      assertEquals(ExchangeTimeoutException.Kind.READ, read.getKind());
      assertEquals(SHORT.toMillis(), read.getBudgetMillis());
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void readingABodyThatStops(boolean eventLoop) throws Exception {
    try (TestServer server =
            new TestServer()
                .route(
                    "/partial",
                    (ctx, req) -> {
                      HttpResponse head =
                          new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                      head.headers().set(HttpHeaderNames.CONTENT_LENGTH, 100);
                      TestServer.queue(ctx, head);
                      TestServer.send(
                          ctx, new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[10])));
                    });
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config(eventLoop).build())) {
      expect(
          RequestTimeoutException.class,
          Phase.READING,
          () -> client.prepareGet(server.url("/partial")).execute().get(10, TimeUnit.SECONDS));
      expect(
          ReadTimeoutException.class,
          Phase.READING,
          () ->
              client
                  .prepareGet(server.url("/partial"))
                  .setRequestTimeout(Duration.ofSeconds(30))
                  .setReadTimeout(SHORT)
                  .execute()
                  .get(10, TimeUnit.SECONDS));
    }
  }
}
