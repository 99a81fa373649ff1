package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
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
 * A few dozen kilobytes of gzip that inflate to 64 MiB: with {@code maxInflatedResponseBodySize}
 * at 1 MiB the exchange fails fast with an IOException naming the limit, the connection is closed,
 * and the inflater is stopped well before it produced the whole body. Bodies under the limit, and
 * bodies sent without a content coding, are not affected.
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
        .setMaxInflatedResponseBodySize(CAP)
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
      IOException io = assertInstanceOf(IOException.class, e.getCause(), String.valueOf(e.getCause()));
      assertTrue(io.getMessage().contains("maxInflatedResponseBodySize"), io.getMessage());
      assertTrue(io.getMessage().contains(Long.toString(CAP)), io.getMessage());
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
            new DefaultAsyncHttpClient(ClientFixture.faultConfig().setMaxInflatedResponseBodySize(CAP).build())) {
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
  void minusOneMeansNoLimitAndOtherNonPositiveValuesAreRefused() throws Exception {
    assertEquals(512L * 1024 * 1024, ClientFixture.faultConfig().build().getMaxInflatedResponseBodySize());
    IllegalArgumentException zero =
        assertThrows(IllegalArgumentException.class, () -> ClientFixture.faultConfig().setMaxInflatedResponseBodySize(0));
    assertTrue(zero.getMessage().startsWith("maxInflatedResponseBodySize: 0 (expected"), zero.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ClientFixture.faultConfig().setMaxInflatedResponseBodySize(-2));
    byte[] data = new byte[(int) CAP * 3];
    try (RawServer gz = gzipServer(gzip(data));
        DefaultAsyncHttpClient client =
            new DefaultAsyncHttpClient(ClientFixture.faultConfig().setMaxInflatedResponseBodySize(-1).build())) {
      Response r = client.prepareGet(gz.url("/")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(data.length, r.getResponseBodyAsBytes().length);
    }
  }
}
