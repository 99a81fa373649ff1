package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.WithoutOptionalCodecs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Response content codings as in 3.0.11: gzip and deflate always; brotli and zstd when their
 * optional libraries (brotli4j, zstd-jni) are on the class path, and advertised in {@code
 * Accept-Encoding} only then. The test class path has both; one test runs the client in a class
 * loader that lacks them. {@code maxDecompressedResponseSize} bounds every coding.
 */
class ContentEncodingTest extends HelloFixture {
  private static final String TEXT = "brotli and zstd, decoded as in 3.0.11. ".repeat(50);

  @BeforeAll
  static void codecs() {
    Brotli4jLoader.ensureAvailability();
  }

  static byte[] brotli(byte[] plain) throws IOException {
    return Encoder.compress(plain);
  }

  static byte[] zstd(byte[] plain) {
    return Zstd.compress(plain);
  }

  /** Serves {@code body} as-is with {@code Content-Encoding: coding} at {@code path}. */
  static void serveEncoded(TestServer server, String path, String coding, byte[] body) {
    server.route(
        path,
        (ctx, req) -> {
          FullHttpResponse res =
              new DefaultFullHttpResponse(
                  HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
          res.headers().set(HttpHeaderNames.CONTENT_ENCODING, coding);
          HttpUtil.setContentLength(res, body.length);
          TestServer.send(ctx, res);
        });
  }

  @Test
  void brotliAndZstdAreAdvertisedWhenCompressionIsEnforced() throws Exception {
    server.route("/plain", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setCompressionEnforced(true))) {
      c.prepareGet(server.url("/plain")).execute().get(10, TimeUnit.SECONDS);
    }
    assertEquals(
        List.of("gzip,deflate", "br", "zstd"),
        server.received().get(0).headers.getAll(HttpHeaderNames.ACCEPT_ENCODING));
  }

  @Test
  void brotliAndZstdBodiesAreDecoded() throws Exception {
    byte[] plain = TEXT.getBytes(StandardCharsets.UTF_8);
    serveEncoded(server, "/br", "br", brotli(plain));
    serveEncoded(server, "/zstd", "zstd", zstd(plain));
    for (String path : List.of("/br", "/zstd")) {
      Response r = client().prepareGet(server.url(path)).execute().get(10, TimeUnit.SECONDS);
      assertEquals(TEXT, r.getResponseBody(), path);
      assertNull(r.getHeader(HttpHeaderNames.CONTENT_ENCODING), path);
    }
  }

  @Test
  void keepEncodingHeaderKeepsContentEncodingOnTheInflatedResponse() throws Exception {
    byte[] plain = TEXT.getBytes(StandardCharsets.UTF_8);
    serveEncoded(server, "/br", "br", brotli(plain));
    server.route("/plain", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, TEXT));
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setKeepEncodingHeader(true))) {
      // a plain response first, so the coded one follows it on the same pooled connection
      assertEquals(TEXT, c.prepareGet(server.url("/plain")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
      Response r = c.prepareGet(server.url("/br")).execute().get(10, TimeUnit.SECONDS);
      assertEquals(TEXT, r.getResponseBody());
      assertEquals("br", r.getHeader(HttpHeaderNames.CONTENT_ENCODING));
    }
  }

  @Test
  void theInflatedSizeLimitBoundsBrotliAndZstdToo() throws Exception {
    byte[] zeros = new byte[4 * 1024 * 1024];
    serveEncoded(server, "/br", "br", brotli(zeros));
    serveEncoded(server, "/zstd", "zstd", zstd(zeros));
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setMaxDecompressedResponseSize(64 * 1024))) {
      for (String path : List.of("/br", "/zstd")) {
        ExecutionException e =
            assertThrows(
                ExecutionException.class,
                () -> c.prepareGet(server.url(path)).execute().get(10, TimeUnit.SECONDS),
                path);
        DecompressionException cause = assertInstanceOf(DecompressionException.class, e.getCause(), path);
        assertEquals("HTTP/1.1 response body exceeds the maximum decompressed size of 65536 bytes",
            cause.getMessage());
      }
    }
  }

  @Test
  void withoutTheLibrariesOnlyGzipAndDeflateAreAdvertisedAndBrotliPassesThrough()
      throws Exception {
    byte[] compressed = brotli(TEXT.getBytes(StandardCharsets.UTF_8));
    try (URLClassLoader withoutCodecs = classPathWithout("brotli4j", "zstd-jni")) {
      Class<?> run = Class.forName(WithoutOptionalCodecs.class.getName(), true, withoutCodecs);
      Method m = run.getMethod("run", byte[].class);
      @SuppressWarnings("unchecked")
      List<Object> seen = (List<Object>) m.invoke(null, (Object) compressed);
      assertEquals(List.of("gzip,deflate"), seen.get(0), "Accept-Encoding lines");
      assertEquals("br", seen.get(1), "Content-Encoding kept: the body was not decoded");
      assertArrayEquals(compressed, (byte[]) seen.get(2), "the brotli bytes as sent");
    }
  }

  /** The test class path (as surefire passes it) less the jars whose path contains a marker. */
  private static URLClassLoader classPathWithout(String... markers) throws Exception {
    String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<URL> urls = new ArrayList<>();
    int dropped = 0;
    for (String entry : path.split(File.pathSeparator)) {
      boolean drop = false;
      for (String marker : markers) {
        drop |= entry.contains(marker);
      }
      if (drop) {
        dropped++;
      } else if (!entry.isEmpty()) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    assertTrue(dropped >= markers.length, "class path entries dropped: " + dropped + " of " + path);
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }
}
