package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.request.body.generator.InputStreamBodyGenerator;
import org.asynchttpclient.request.body.generator.UnboundedQueueFeedableBodyGenerator;
import org.asynchttpclient.request.body.multipart.ByteArrayPart;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of request body over an HTTP/2 stream, each larger than the 65535-byte flow-control
 * window, and compressed responses with and without the size cap.
 */
class Http2BodiesTest extends H2Fixture {
  /** 1 MiB: sixteen initial windows, so the upload waits on WINDOW_UPDATEs. */
  private static final byte[] PAYLOAD = new byte[1 << 20];

  static {
    new Random(42).nextBytes(PAYLOAD);
  }

  @BeforeEach
  void start() throws Exception {
    server = new H2TestServer();
    server.route(
        "/digest",
        (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, req.body.length + ":" + md5(req.body)));
    server.route("/gzip", (ctx, req) -> {
      FullHttpResponse res =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(gzip(PAYLOAD)));
      res.headers().set(HttpHeaderNames.CONTENT_ENCODING, "gzip");
      res.headers().set(HttpHeaderNames.CONTENT_LENGTH, res.content().readableBytes());
      TestServer.send(ctx, res);
    });
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "hello"));
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());
  }

  static String md5(byte[] bytes) {
    try {
      StringBuilder sb = new StringBuilder();
      for (byte b : MessageDigest.getInstance("MD5").digest(bytes)) {
        sb.append(String.format("%02x", b));
      }
      return sb.toString();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }

  private void assertUploaded(byte[] expected, BoundRequestBuilder request) throws Exception {
    Response res = request.execute().get(20, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
    assertEquals(expected.length + ":" + md5(expected), res.getResponseBody());
  }

  @Test
  void inMemoryBodies() throws Exception {
    assertUploaded(PAYLOAD, client.preparePost(server.url("/digest")).setBody(PAYLOAD));
    byte[] text = "h\u00e9llo over h2".getBytes(StandardCharsets.UTF_8);
    assertUploaded(text, client.preparePut(server.url("/digest")).setBody("h\u00e9llo over h2"));
    ByteBuf buf = Unpooled.wrappedBuffer(PAYLOAD);
    assertUploaded(PAYLOAD, client.preparePost(server.url("/digest")).setBody(buf));
  }

  @Test
  void fileBody(@TempDir File dir) throws Exception {
    File file = new File(dir, "upload.bin");
    Files.write(file.toPath(), PAYLOAD);
    assertUploaded(PAYLOAD, client.preparePost(server.url("/digest")).setBody(file));
  }

  @Test
  void streamingBodies() throws Exception {
    assertUploaded(PAYLOAD, client.preparePost(server.url("/digest")).setBody(new ByteArrayInputStream(PAYLOAD)));
    assertUploaded(
        PAYLOAD,
        client.preparePost(server.url("/digest")).setBody(new InputStreamBodyGenerator(new ByteArrayInputStream(PAYLOAD))));
  }

  @Test
  void feedableBodyFedFromAnotherThread() throws Exception {
    UnboundedQueueFeedableBodyGenerator generator = new UnboundedQueueFeedableBodyGenerator();
    ExecutorService feeder = Executors.newSingleThreadExecutor();
    try {
      ListenableFuture<Response> f = client.preparePost(server.url("/digest")).setBody(generator).execute();
      int chunk = 16 * 1024;
      Future<?> fed =
          feeder.submit(
              () -> {
                for (int off = 0; off < PAYLOAD.length; off += chunk) {
                  ByteBuf b = ByteBufAllocator.DEFAULT.buffer(chunk);
                  b.writeBytes(PAYLOAD, off, chunk);
                  try {
                    generator.feed(b, off + chunk >= PAYLOAD.length);
                  } finally {
                    b.release(); // the generator took its own reference, as in 3.0.11
                  }
                }
                return null;
              });
      fed.get(10, TimeUnit.SECONDS);
      assertEquals(PAYLOAD.length + ":" + md5(PAYLOAD), f.get(20, TimeUnit.SECONDS).getResponseBody());
    } finally {
      feeder.shutdownNow();
    }
  }

  @Test
  void multipartBody() throws Exception {
    Response res =
        client
            .preparePost(server.url("/digest"))
            .addBodyPart(new StringPart("name", "value"))
            .addBodyPart(new ByteArrayPart("file", PAYLOAD, "application/octet-stream"))
            .execute()
            .get(20, TimeUnit.SECONDS);
    String[] lengthAndDigest = res.getResponseBody().split(":");
    assertTrue(Integer.parseInt(lengthAndDigest[0]) > PAYLOAD.length, res.getResponseBody());
  }

  @Test
  void compressedResponseIsInflated() throws Exception {
    Response res = client.prepareGet(server.url("/gzip")).execute().get(20, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_2, res.getProtocol());
    assertEquals(md5(PAYLOAD), md5(res.getResponseBodyAsBytes()));
  }

  @Test
  void keepEncodingHeaderKeepsContentEncodingOnTheInflatedResponse() throws Exception {
    Response plain = client.prepareGet(server.url("/gzip")).execute().get(20, TimeUnit.SECONDS);
    assertNull(plain.getHeader(HttpHeaderNames.CONTENT_ENCODING));
    client.close();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setKeepEncodingHeader(true));
    Response kept = client.prepareGet(server.url("/gzip")).execute().get(20, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_2, kept.getProtocol());
    assertEquals("gzip", kept.getHeader(HttpHeaderNames.CONTENT_ENCODING));
    assertEquals(md5(PAYLOAD), md5(kept.getResponseBodyAsBytes()));
  }

  @Test
  void ourOwnAcceptEncodingTakesHpackSpellingAUsersIsSentAsWritten() throws Exception {
    client.close();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setCompressionEnforced(true));
    Response ours = client.prepareGet(server.url("/hello")).execute().get(20, TimeUnit.SECONDS);
    assertEquals(HttpProtocol.HTTP_2, ours.getProtocol());
    // HPACK's static table spells it with a space (AHC 3.0.12); HTTP/1.1 keeps gzip,deflate
    // (ContentEncodingTest).
    assertEquals("gzip, deflate", server.received().get(0).headers.getAll(HttpHeaderNames.ACCEPT_ENCODING).get(0));
    client.prepareGet(server.url("/hello")).setHeader(HttpHeaderNames.ACCEPT_ENCODING, "gzip,deflate")
        .execute().get(20, TimeUnit.SECONDS);
    assertEquals(List.of("gzip,deflate"), server.received().get(1).headers.getAll(HttpHeaderNames.ACCEPT_ENCODING));
  }

  @Test
  void zeroLeavesOnlyTheGeneralInflationCap() throws Exception {
    client.close();
    // PAYLOAD inflates past 64 KiB: with the HTTP/2 cap off, only maxDecompressedResponseSize counts.
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setHttp2MaxDecompressedResponseSize(0));
    Response res = client.prepareGet(server.url("/gzip")).execute().get(20, TimeUnit.SECONDS);
    assertEquals(md5(PAYLOAD), md5(res.getResponseBodyAsBytes()));
    client.close();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setHttp2MaxDecompressedResponseSize(0)
        .setMaxDecompressedResponseSize(64 * 1024));
    ExecutionException e = Await.failed(client.prepareGet(server.url("/gzip")).execute(), 20);
    assertInstanceOf(DecompressionException.class, e.getCause());
    assertEquals("HTTP/2 response body exceeds the maximum decompressed size of 65536 bytes",
        e.getCause().getMessage());
  }

  @Test
  void inflationPastTheCapFailsOnlyThatStream() throws Exception {
    client.close();
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig().setHttp2MaxDecompressedResponseSize(64 * 1024));

    ExecutionException e =
        Await.failed(client.prepareGet(server.url("/gzip")).execute(), 20);
    assertInstanceOf(DecompressionException.class, e.getCause());
    assertEquals("HTTP/2 response body exceeds the maximum decompressed size of 65536 bytes",
        e.getCause().getMessage());
    assertEquals("hello", client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS).getResponseBody());
    assertEquals(1, server.connections().size(), "the connection outlived the capped stream");
  }
}
