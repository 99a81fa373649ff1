package org.asynchttpclient.testing;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;

/**
 * Run by {@link ContentEncodingTest} inside a class loader without brotli4j and zstd-jni: a client
 * with compression enforced fetches a brotli body. Not a test class itself.
 */
public final class WithoutOptionalCodecs {
  private WithoutOptionalCodecs() {}

  /**
   * @return the Accept-Encoding lines the server saw, the response's Content-Encoding and its body
   */
  public static List<Object> run(byte[] brotliBody) throws Exception {
    try (TestServer server = new TestServer()) {
      server.route(
          "/br",
          (ctx, req) -> {
            FullHttpResponse res =
                new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(brotliBody));
            res.headers().set(HttpHeaderNames.CONTENT_ENCODING, "br");
            HttpUtil.setContentLength(res, brotliBody.length);
            TestServer.send(ctx, res);
          });
      try (DefaultAsyncHttpClient c =
          ClientFixture.client(ClientFixture.config().setCompressionEnforced(true))) {
        Response r = c.prepareGet(server.url("/br")).execute().get(10, TimeUnit.SECONDS);
        List<Object> out = new ArrayList<>();
        out.add(new ArrayList<>(server.received().get(0).headers.getAll(HttpHeaderNames.ACCEPT_ENCODING)));
        out.add(r.getHeader(HttpHeaderNames.CONTENT_ENCODING));
        out.add(r.getResponseBodyAsBytes());
        return out;
      }
    }
  }
}
