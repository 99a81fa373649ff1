package org.asynchttpclient.netty.request;

import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.Zstd;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.util.HttpUtils;

/**
 * The {@code Accept-Encoding} a request carries, as 3.0.11 writes it. The response decompressor
 * always decodes gzip and deflate, brotli ({@code br}) only when brotli4j is on the class path and
 * its native library loads, zstd only when zstd-jni does (both optional dependencies).
 *
 * <ul>
 *   <li>With {@code compressionEnforced} and no {@code Accept-Encoding} of the user's: {@code
 *       gzip,deflate}, then one more {@code Accept-Encoding} line for {@code br} and one for {@code
 *       zstd} when each can be decoded (3.0.11's exact lines). Over HTTP/2 the first is sent as
 *       {@code gzip, deflate}, HPACK's spelling, as 3.0.12 does ({@link HttpUtils#GZIP_DEFLATE_HPACK}).
 *   <li>With the user's own value and automatic decompression on: a trailing {@code , br} or {@code
 *       , zstd} the client cannot decode is dropped, so the server is not invited to send a body
 *       the handler would get still compressed. 3.0.11 does the same, except that when neither
 *       codec is present its second filter undoes the first and {@code , br} stays.
 * </ul>
 *
 * <p>Stateless; Netty checks each codec's availability once per class loader.
 */
public final class AcceptEncoding {
  private static final String BR_SUFFIX = ", " + HttpHeaderValues.BR;
  private static final String ZSTD_SUFFIX = ", " + HttpHeaderValues.ZSTD;

  private AcceptEncoding() {}

  /** Whether brotli response bodies are decoded (brotli4j present and loaded). */
  public static boolean brotliDecoded() {
    return Brotli.isAvailable();
  }

  /** Whether zstd response bodies are decoded (zstd-jni present and loaded). */
  public static boolean zstdDecoded() {
    return Zstd.isAvailable();
  }

  /**
   * Sets or adjusts {@code Accept-Encoding} in {@code headers}, the user's headers already in;
   * {@code noUserHeaders} says the user set none, so there is no value of theirs to look up.
   */
  static void apply(AsyncHttpClientConfig config, HttpHeaders headers, boolean noUserHeaders) {
    String requested = noUserHeaders ? null : headers.get(HttpHeaderNames.ACCEPT_ENCODING);
    if (requested != null) {
      if (config.isEnableAutomaticDecompression()) {
        String kept = requested;
        if (!brotliDecoded()) {
          kept = withoutSuffix(kept, BR_SUFFIX);
        }
        if (!zstdDecoded()) {
          kept = withoutSuffix(kept, ZSTD_SUFFIX);
        }
        if (!kept.equals(requested)) {
          headers.set(HttpHeaderNames.ACCEPT_ENCODING, kept);
        }
      }
    } else if (config.isCompressionEnforced()) {
      // This very instance tells the HTTP/2 stream codec that the value is the client's own.
      headers.set(HttpHeaderNames.ACCEPT_ENCODING, HttpUtils.GZIP_DEFLATE);
      if (brotliDecoded()) {
        headers.add(HttpHeaderNames.ACCEPT_ENCODING, HttpHeaderValues.BR);
      }
      if (zstdDecoded()) {
        headers.add(HttpHeaderNames.ACCEPT_ENCODING, HttpHeaderValues.ZSTD);
      }
    }
  }

  private static String withoutSuffix(String value, String suffix) {
    return value.endsWith(suffix) ? value.substring(0, value.length() - suffix.length()) : value;
  }
}
