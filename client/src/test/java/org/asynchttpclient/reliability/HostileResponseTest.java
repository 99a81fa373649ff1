package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Responses whose framing cannot be trusted, written verbatim by a raw server on a connection it
 * keeps open. Each fails its exchange with an IOException, the client closes the connection (the
 * server sees it go), and it is never pooled: a request after it opens a new connection.
 */
class HostileResponseTest {
  private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

  static Stream<Arguments> hostile() {
    return Stream.of(
        Arguments.of(
            "Transfer-Encoding and Content-Length together",
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "Content-Length and Transfer-Encoding together",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 30\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "chunked not the last coding",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "chunked twice",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "unknown transfer coding",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: rot13\r\nContent-Length: 5\r\n\r\nhello"),
        Arguments.of(
            "two different Content-Length values",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\nhello"),
        Arguments.of(
            "bare LF ending the status line", "HTTP/1.1 200 OK\nContent-Length: 2\r\n\r\nok"),
        Arguments.of(
            "bare LF ending a header line", "HTTP/1.1 200 OK\r\nContent-Length: 2\n\r\nok"),
        Arguments.of(
            "bare LF after chunk size",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "bare LF after chunk data",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n"),
        Arguments.of(
            "invalid chunk size",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "negative chunk size",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n"),
        Arguments.of(
            "oversized status line",
            "HTTP/1.1 200 " + "O".repeat(5000) + "\r\nContent-Length: 2\r\n\r\nok"),
        Arguments.of(
            "oversized headers",
            "HTTP/1.1 200 OK\r\nX-Big: " + "b".repeat(9000) + "\r\nContent-Length: 2\r\n\r\nok"),
        Arguments.of("garbage instead of HTTP", "SSH-2.0-OpenSSH_9.6\r\n\r\n"),
        Arguments.of("binary garbage", "\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003\r\n\r\n"),
        Arguments.of("invalid status code", "HTTP/1.1 2x0 OK\r\nContent-Length: 2\r\n\r\nok"),
        Arguments.of(
            "gzip transfer coding under Content-Length",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 5\r\n\r\nhello"),
        Arguments.of(
            "gzip transfer coding, then chunked",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"));
  }

  /** Deviations RFC 9112 lets a user agent accept, that leave no doubt about the framing. */
  static Stream<Arguments> tolerated() {
    return Stream.of(
        Arguments.of(
            "obsolete line folding (RFC 9112 5.2: a user agent replaces it with spaces)",
            "HTTP/1.1 200 OK\r\nX-A: a\r\n b\r\nContent-Length: 2\r\n\r\nok",
            "ok"),
        Arguments.of(
            "space before the colon (RFC 9112 5.1: removed, as a proxy must)",
            "HTTP/1.1 200 OK\r\nContent-Length : 2\r\n\r\nok",
            "ok"),
        Arguments.of(
            "chunked in capitals",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: CHUNKED\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            "hello"));
  }

  /** The codec limits are the configured ones: a head that fits the defaults fails a smaller limit. */
  @org.junit.jupiter.api.Test
  void configuredLineAndHeaderLimitsApply() throws Exception {
    String longStatus = "HTTP/1.1 200 " + "O".repeat(300) + "\r\nContent-Length: 2\r\n\r\nok";
    String bigHeader = "HTTP/1.1 200 OK\r\nX-Big: " + "b".repeat(3000) + "\r\nContent-Length: 2\r\n\r\nok";
    try (RawServer status = RawServer.answering(longStatus);
        RawServer header = RawServer.answering(bigHeader);
        DefaultAsyncHttpClient defaults = new DefaultAsyncHttpClient(ClientFixture.faultConfig().build());
        DefaultAsyncHttpClient strict =
            new DefaultAsyncHttpClient(
                ClientFixture.faultConfig()
                    .setHttpClientCodecMaxInitialLineLength(200)
                    .setHttpClientCodecMaxHeaderSize(2048)
                    .build())) {
      assertEquals("ok", defaults.prepareGet(status.url("/")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
      assertEquals("ok", defaults.prepareGet(header.url("/")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
      for (RawServer server : new RawServer[] {status, header}) {
        ExecutionException e =
            Await.failed(strict.prepareGet(server.url("/")).execute(), 5);
        assertInstanceOf(IOException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("TooLong"), e.getCause().getMessage());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tolerated")
  void toleratedDeviationsAreReadAsFramed(String what, String response, String body)
      throws Exception {
    try (RawServer server = RawServer.answering(response);
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(ClientFixture.faultConfig().build())) {
      for (int i = 0; i < 2; i++) {
        assertEquals(
            body,
            client.prepareGet(server.url("/")).execute().get(5, TimeUnit.SECONDS).getResponseBody(),
            what);
      }
      assertEquals(1, server.acceptedCount(), what + ": a well-framed answer keeps its connection");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostile")
  void failsClosesAndNeverPools(String what, String response) throws Exception {
    failsClosesAndNeverPools(what, response, ClientFixture.faultConfig());
  }

  /**
   * The transfer-coding rule is applied by the inflater when there is one, by a handler of its own
   * when automatic decompression is off: the same answers fail either way.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("foreignTransferCodings")
  void failsClosesAndNeverPoolsWithoutDecompression(String what, String response) throws Exception {
    failsClosesAndNeverPools(
        what, response, ClientFixture.faultConfig().setEnableAutomaticDecompression(false));
  }

  static Stream<Arguments> foreignTransferCodings() {
    return hostile().filter(a -> ((String) a.get()[1]).contains("Transfer-Encoding: rot13")
        || ((String) a.get()[0]).startsWith("gzip transfer coding"));
  }

  private static void failsClosesAndNeverPools(
      String what, String response, DefaultAsyncHttpClientConfig.Builder config) throws Exception {
    try (RawServer server =
            RawServer.withResponder(
                (ch, head) -> {
                  if (RawServer.path(head).equals("/hostile")) {
                    RawServer.write(ch, response);
                  } else {
                    RawServer.write(ch, OK);
                  }
                });
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config.build())) {
      // A first, good exchange leaves a pooled connection that the hostile one reuses.
      assertEquals(200, client.prepareGet(server.url("/good")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
      RecordingHandler handler = new RecordingHandler();
      ListenableFuture<Response> f = client.prepareGet(server.url("/hostile")).execute(handler);
      ExecutionException e =
          assertThrows(
              ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS), what + ": was accepted");
      assertInstanceOf(IOException.class, e.getCause(), what + ": " + e.getCause());
      assertEquals(1, handler.terminals(), what);
      assertEquals(0, server.awaitOpenAtMost(0, Duration.ofMillis(2000)), what + ": the client kept the connection");
      assertEquals(1, server.acceptedCount(), what + ": the hostile answer came on the pooled line");
      assertEquals(200, client.prepareGet(server.url("/good")).execute().get(5, TimeUnit.SECONDS).getStatusCode());
      assertEquals(2, server.acceptedCount(), what + ": the next request reused a condemned connection");
      assertEquals(3, server.requestCount(), what);
      assertTrue(e.getCause().getMessage() != null && !e.getCause().getMessage().isEmpty(), what);
    }
  }
}
