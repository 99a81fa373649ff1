package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The hedging benchmark's server, and its child main run in-process against it, on 127.0.0.1. */
class HedgeServerTest {
  private static HedgeServer server;

  // the server binds 127.0.0.1 only; the literal bytes say so without a name lookup
  private static final InetAddress LOOPBACK = loopback();

  private static InetAddress loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  @BeforeAll
  static void start() throws InterruptedException {
    server = HedgeServer.start(1, TailDelay.DEFAULT_SEED);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /**
   * One GET on a new connection with a raw socket (so nothing retries behind the test's back): the
   * response's status line, or "reset" if the connection ended without one.
   */
  private static String rawGet(String path) throws IOException {
    URI uri = URI.create(server.url(path));
    try (Socket socket = new Socket()) {
      socket.setSoTimeout(5_000);
      socket.connect(new InetSocketAddress(LOOPBACK, uri.getPort()), 5_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      byte[] response = in.readAllBytes();
      String text = new String(response, StandardCharsets.US_ASCII);
      int end = text.indexOf("\r\n");
      return end < 0 ? "reset" : text.substring(0, end);
    } catch (SocketException e) {
      // an RST: "Connection reset"
      return "reset";
    }
  }

  @Test
  void flakyResetsSomeRequestsAndAnswersTheOthersAndCountsBoth() throws IOException {
    HedgeServer.Counts before = server.counts();
    int requests = 40;
    int ok = 0;
    int reset = 0;
    for (int i = 0; i < requests; i++) {
      String status = rawGet("/flaky");
      if (status.equals("HTTP/1.1 200 OK")) {
        ok++;
      } else {
        assertEquals("reset", status);
        reset++;
      }
    }
    HedgeServer.Counts during = server.counts().minus(before);
    assertEquals(requests, during.flakyRequests());
    assertEquals(ok, during.flakyAnswers());
    assertEquals(reset, during.flakyResets());
    // half on average; 40 seeded draws land well inside this
    assertTrue(reset >= 8 && reset <= 32, reset + " resets of " + requests);
  }

  @Test
  void warmupRequestsAreCountedApart() throws IOException {
    HedgeServer.Counts before = server.counts();
    assertEquals("HTTP/1.1 200 OK", rawGet("/tail?" + HedgeServer.WARMUP_PARAMETER));
    assertEquals("HTTP/1.1 404 Not Found", rawGet("/other"));
    HedgeServer.Counts during = server.counts().minus(before);
    assertEquals(0, during.tailRequests());
    assertEquals(1, during.warmupRequests());
  }

  @Test
  void withoutHedgingTheServerCountsExactlyTheExchanges() throws Exception {
    HedgeServer.Counts before = server.counts();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      HedgeClientMain.run(server.url("/tail"), 300, 50, 8, out);
    }
    HedgeServer.Counts during = server.counts().minus(before);
    List<String> lines =
        Arrays.asList(new String(bytes.toByteArray(), StandardCharsets.UTF_8).split("\n"));
    HedgeResult result = HedgeResult.parse(lines, during.tailRequests(), 0);
    assertEquals(300, result.exchanges());
    assertEquals(0, result.failed(), result.failures());
    assertEquals(300, result.succeeded());
    assertEquals(300, during.tailRequests(), "requests the server counted");
    assertEquals(50, during.warmupRequests());
    assertEquals(300, result.clientSends());
    assertEquals(0, result.clientRetries());
    // every exchange waits at least the fast delay; p99 of 300 with 2% slow is a slow one or close
    assertTrue(result.latency().p50Micros() >= TailDelay.FAST_MILLIS * 1000, lines.toString());
    assertTrue(result.config().contains("hedgeDelay=PT0S"), result.config());
  }
}
