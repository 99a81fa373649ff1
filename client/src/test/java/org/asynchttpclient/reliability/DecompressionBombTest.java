package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.HttpContent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A few dozen kilobytes of gzip that inflate to 64 MiB: with {@code maxDecompressedResponseSize}
 * at 1 MiB the exchange fails fast with AHC 3.0.13's DecompressionException naming the limit, the
 * connection is closed, and the inflater is stopped well before it produced the whole body. Bodies
 * under the limit, and bodies sent without a content coding, are not affected.
 */
class DecompressionBombTest {
  private static final long CAP = 1024 * 1024;
  private static final int INFLATED = 64 * 1024 * 1024;
  private static byte[] bomb;

  @BeforeAll
  static void makeBomb() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] zeros = new byte[64 * 1024];
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      for (int written = 0; written < INFLATED; written += zeros.length) {
        gz.write(zeros);
      }
    }
    bomb = out.toByteArray();
    assertTrue(bomb.length < 256 * 1024, "bomb is " + bomb.length + " bytes");
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }

  private static RawServer gzipServer(byte[] body) throws InterruptedException {
    return RawServer.withResponder(
        (ch, head) -> {
          RawServer.write(
              ch,
              "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n");
          RawServer.write(ch, body);
        });
  }

  /** Counts what the inflater emits, before the limit sees it. */
  private static DefaultAsyncHttpClientConfig.Builder probed(AtomicLong inflated) {
    return ClientFixture.faultConfig()
        .setMaxDecompressedResponseSize(CAP)
        .setHttpAdditionalChannelInitializer(
            ch ->
                ch.pipeline()
                    .addAfter(
                        "inflater",
                        "probe",
                        new ChannelInboundHandlerAdapter() {
                          @Override
                          public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            if (msg instanceof HttpContent) {
                              inflated.addAndGet(((HttpContent) msg).content().readableBytes());
                            }
                            ctx.fireChannelRead(msg);
                          }
                        }));
  }

  @Test
  void aBombFailsFastWithTheLimitNamedAndTheConnectionClosed() throws Exception {
    AtomicLong inflated = new AtomicLong();
    try (RawServer server = gzipServer(bomb);
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(probed(inflated).build())) {
      RecordingHandler handler = new RecordingHandler();
      long start = System.nanoTime();
      ListenableFuture<Response> f = client.prepareGet(server.url("/bomb")).execute(handler);
      ExecutionException e = Await.failed(f, 10);
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      DecompressionException cause =
          assertInstanceOf(DecompressionException.class, e.getCause(), String.valueOf(e.getCause()));
      assertEquals("HTTP/1.1 response body exceeds the maximum decompressed size of " + CAP + " bytes",
          cause.getMessage());
      assertEquals(1, handler.terminals());
      assertEquals(200, handler.status());
      assertTrue(handler.bodyLength() <= CAP, "handed on " + handler.bodyLength());
      // Inflating all of it is bounded by the byte count below; this only catches a hang.
      assertTrue(millis < 8000, "took " + millis + " ms");
      // One compressed chunk (8 KiB by default) may still inflate after the limit: ~8 MiB, not 64.
      assertTrue(inflated.get() < 16L * 1024 * 1024, "inflated " + inflated.get() + " bytes");
      assertEquals(0, server.awaitOpenAtMost(0, Duration.ofSeconds(10)), "the client closed the connection");
      System.out.printf(
          "[bomb] %d gzip bytes -> limit %d: failed in %d ms after inflating %d bytes, %d handed on%n",
          bomb.length, CAP, millis, inflated.get(), handler.bodyLength());
    }
  }

  @Test
  void bodiesUnderTheLimitAndUncompressedBodiesPass() throws Exception {
    byte[] small = new byte[(int) CAP];
    java.util.Arrays.fill(small, (byte) 'x');
    byte[] plain = new byte[(int) CAP * 2];
    java.util.Arrays.fill(plain, (byte) 'y');
    try (RawServer gz = gzipServer(gzip(small));
        RawServer raw =
            RawServer.withResponder(
                (ch, head) -> {
                  RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: " + plain.length + "\r\n\r\n");
                  RawServer.write(ch, plain);
                });
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(ClientFixture.faultConfig().setMaxDecompressedResponseSize(CAP).build())) {
      Response r = client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(CAP, r.getResponseBodyAsBytes().length);
      assertEquals(new String(small, StandardCharsets.ISO_8859_1), r.getResponseBody(StandardCharsets.ISO_8859_1));
      Response p = client.prepareGet(raw.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(plain.length, p.getResponseBodyAsBytes().length, "uncompressed bodies are not limited");
      // The same connection serves a second compressed response: the count starts again.
      assertEquals(CAP, client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS).getResponseBodyAsBytes().length);
      assertEquals(1, gz.acceptedCount());
    }
  }

  @Test
  void aGzipBodyPastASmallLimitFailsAndAPlainBodyOfTheSameSizePasses() throws Exception {
    byte[] text = "the same line again and again\n".repeat(1000).getBytes(StandardCharsets.US_ASCII);
    long limit = text.length - 1;
    try (RawServer gz = gzipServer(gzip(text));
        RawServer plain =
            RawServer.withResponder(
                (ch, head) -> {
                  RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: " + text.length + "\r\n\r\n");
                  RawServer.write(ch, text);
                });
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(ClientFixture.faultConfig().setMaxDecompressedResponseSize(limit).build())) {
      ExecutionException e = Await.failed(client.prepareGet(gz.url("/")).execute(), 10);
      DecompressionException cause = assertInstanceOf(DecompressionException.class, e.getCause());
      assertEquals("HTTP/1.1 response body exceeds the maximum decompressed size of " + limit + " bytes",
          cause.getMessage());
      assertEquals(1, gz.acceptedCount(), "the failure is not retried");
      Response p = client.prepareGet(plain.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertArrayEquals(text, p.getResponseBodyAsBytes(), "an uncompressed body is not limited");
    }
  }

  @Test
  void theDefaultIs256MiBAndZeroOrLessTurnsTheLimitOff() throws Exception {
    assertEquals(256L * 1024 * 1024, ClientFixture.faultConfig().build().getMaxDecompressedResponseSize());
    byte[] data = new byte[(int) CAP * 3];
    try (RawServer gz = gzipServer(gzip(data))) {
      for (long off : new long[] {0, -1, -5}) {
        try (DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(ClientFixture.faultConfig().setMaxDecompressedResponseSize(off).build())) {
          Response r = client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS);
          assertEquals(data.length, r.getResponseBodyAsBytes().length, "limit " + off);
        }
      }
    }
  }

  @Test
  void withAutomaticDecompressionOffNothingIsInflatedNorLimited() throws Exception {
    byte[] compressed = gzip(new byte[(int) CAP * 3]);
    try (RawServer gz = gzipServer(compressed);
        DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(ClientFixture.faultConfig()
            .setEnableAutomaticDecompression(false).setMaxDecompressedResponseSize(16).build())) {
      Response r = client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertArrayEquals(compressed, r.getResponseBodyAsBytes(), "the gzip bytes as sent");
    }
  }

  @Test
  @SuppressWarnings("deprecation") // The former name is what is tested.
  void theFormerNameSetsTheSameOptionWithItsFormerRange() throws Exception {
    DefaultAsyncHttpClientConfig.Builder b = ClientFixture.faultConfig();
    assertEquals(CAP, b.setMaxInflatedResponseBodySize(CAP).build().getMaxDecompressedResponseSize());
    assertEquals(CAP, b.build().getMaxInflatedResponseBodySize());
    assertEquals(-1, b.setMaxDecompressedResponseSize(0).build().getMaxInflatedResponseBodySize(),
        "no limit reads as the former -1");
    assertEquals(7, b.setMaxDecompressedResponseSize(7).build().getMaxInflatedResponseBodySize());
    IllegalArgumentException zero =
        assertThrows(IllegalArgumentException.class, () -> b.setMaxInflatedResponseBodySize(0));
    assertEquals("maxInflatedResponseBodySize: 0 (expected > 0, or -1 for no limit)", zero.getMessage());
    assertThrows(IllegalArgumentException.class, () -> b.setMaxInflatedResponseBodySize(-2));
    assertEquals(7, b.build().getMaxDecompressedResponseSize(), "a refused value leaves the previous one");
    byte[] data = new byte[(int) CAP * 3];
    try (RawServer gz = gzipServer(gzip(data));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(b.setMaxInflatedResponseBodySize(-1).build())) {
      Response r = client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(data.length, r.getResponseBodyAsBytes().length);
    }
  }
}
