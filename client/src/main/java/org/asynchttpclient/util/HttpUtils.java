package org.asynchttpclient.util;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;

import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.util.AsciiString;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Param;
import org.asynchttpclient.Request;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/** Header values, content-type parameters, multipart boundaries and form encoding. */
public final class HttpUtils {

  /** {@code *}{@code /*}, the default {@code Accept}. */
  public static final AsciiString ACCEPT_ALL_HEADER_VALUE = new AsciiString("*/*");

  /** {@code gzip,deflate}, the {@code Accept-Encoding} of a client that decompresses. */
  public static final AsciiString GZIP_DEFLATE =
      new AsciiString(HttpHeaderValues.GZIP + "," + HttpHeaderValues.DEFLATE);

  /**
   * {@code gzip, deflate}, with a space: the spelling of HPACK's static table (RFC 7541 appendix A,
   * entry 16), which costs one byte in an HTTP/2 HEADERS frame. The client sends it instead of
   * {@link #GZIP_DEFLATE} when it adds {@code Accept-Encoding} itself to a request over HTTP/2, as
   * AHC 3.0.12 does; a value the user set is sent as written.
   */
  public static final AsciiString GZIP_DEFLATE_HPACK =
      new AsciiString(HttpHeaderValues.GZIP + ", " + HttpHeaderValues.DEFLATE);

  private static final String CHARSET_ATTRIBUTE = "charset=";
  private static final String BOUNDARY_ATTRIBUTE = "boundary=";
  private static final String BROTLI_SUFFIX = ", br";
  private static final String ZSTD_SUFFIX = ", zstd";

  /** What a generated multipart boundary is made of: RFC 2046 bchars that need no quoting. */
  private static final byte[] BOUNDARY_CHARS =
      "-_1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(US_ASCII);

  /** Where boundaries come from; SecureRandom is thread-safe. Package-private for a test. */
  static final Random BOUNDARY_RANDOM = new SecureRandom();

  private HttpUtils() {}

  /**
   * The {@code Host} value for {@code uri}: the host, with {@code :port} unless the port is absent
   * or the scheme's default.
   */
  public static String hostHeader(Uri uri) {
    String host = uri.getHost();
    int port = uri.getPort();
    return port == -1 || port == uri.getSchemeDefaultPort() ? host : host + ':' + port;
  }

  /**
   * The {@code Origin} value for {@code uri}: {@code https://} for a secured scheme ({@code https},
   * {@code wss}) and {@code http://} otherwise, the host, and {@code :port} unless it is the scheme's
   * default.
   */
  public static String originHeader(Uri uri) {
    StringBuilder sb = new StringBuilder(uri.getHost().length() + 16);
    sb.append(uri.isSecured() ? "https://" : "http://").append(uri.getHost());
    if (uri.getExplicitPort() != uri.getSchemeDefaultPort()) {
      sb.append(':').append(uri.getPort());
    }
    return sb.toString();
  }

  /**
   * The charset named by the {@code charset=} attribute of {@code contentType}, or null when there
   * is none.
   *
   * @throws java.nio.charset.IllegalCharsetNameException when the name is not a legal charset name
   * @throws java.nio.charset.UnsupportedCharsetException when this Java runtime lacks the charset
   */
  public static @Nullable Charset extractContentTypeCharsetAttribute(String contentType) {
    String name = attribute(contentType, CHARSET_ATTRIBUTE);
    return name != null ? Charset.forName(name) : null;
  }

  /** The value of the {@code boundary=} attribute of {@code contentType}, unquoted, or null. */
  public static @Nullable String extractContentTypeBoundaryAttribute(String contentType) {
    return attribute(contentType, BOUNDARY_ATTRIBUTE);
  }

  /**
   * The value after the first occurrence of {@code attribute} (which ends with {@code =}, matched
   * case-insensitively): leading spaces and quotes skipped, ending at a space, quote or {@code ;}.
   */
  private static @Nullable String attribute(@Nullable String contentType, String attribute) {
    if (contentType == null) {
      return null;
    }
    int n = contentType.length();
    for (int i = 0; i + attribute.length() <= n; i++) {
      if (!contentType.regionMatches(true, i, attribute, 0, attribute.length())) {
        continue;
      }
      int start = i + attribute.length();
      while (start < n && isValueDelimiter(contentType.charAt(start))) {
        start++;
      }
      if (start == n) {
        return null;
      }
      int end = start + 1;
      while (end < n && !isValueDelimiter(contentType.charAt(end)) && contentType.charAt(end) != ';') {
        end++;
      }
      return contentType.substring(start, end);
    }
    return null;
  }

  private static boolean isValueDelimiter(char c) {
    return c == ' ' || c == '\'' || c == '"';
  }

  /**
   * A new random multipart boundary: 30 to 40 characters of {@code -}, {@code _}, digits and ASCII letters, drawn
   * from a {@link SecureRandom} (as AHC 3.0.12 does): a boundary someone else can predict lets content that
   * contains it end a part early.
   */
  public static byte[] computeMultipartBoundary() {
    Random random = BOUNDARY_RANDOM;
    byte[] boundary = new byte[30 + random.nextInt(11)];
    for (int i = 0; i < boundary.length; i++) {
      boundary[i] = BOUNDARY_CHARS[random.nextInt(BOUNDARY_CHARS.length)];
    }
    return boundary;
  }

  /**
   * {@code base} followed by {@code ; boundary=<boundary>}; no {@code ;} is added after an empty
   * base or one that ends with {@code ;}.
   */
  public static String patchContentTypeWithBoundaryAttribute(String base, byte[] boundary) {
    StringBuilder sb = new StringBuilder(base.length() + boundary.length + 12).append(base);
    if (!base.isEmpty() && base.charAt(base.length() - 1) != ';') {
      sb.append(';');
    }
    return sb.append(' ').append(BOUNDARY_ATTRIBUTE).append(new String(boundary, US_ASCII)).toString();
  }

  /** Whether {@code request} follows redirects: its own setting when it has one, the config's otherwise. */
  public static boolean followRedirect(AsyncHttpClientConfig config, Request request) {
    Boolean own = request.getFollowRedirect();
    return own != null ? own : config.isFollowRedirect();
  }

  /**
   * Whether {@code request} runs under one absolute deadline: its own setting ({@link
   * Request#getUseAbsoluteRequestDeadline()}) when it has one, the config's ({@link
   * AsyncHttpClientConfig#isUseAbsoluteRequestDeadline()}) otherwise. The client resolves it so
   * once, when the request is submitted. As in AHC 3.0.14.
   */
  public static boolean useAbsoluteRequestDeadline(AsyncHttpClientConfig config, Request request) {
    Boolean own = request.getUseAbsoluteRequestDeadline();
    return own != null ? own : config.isUseAbsoluteRequestDeadline();
  }

  /**
   * {@code params} as an {@code application/x-www-form-urlencoded} body: each name and value encoded
   * in {@code charset} (ALPHA, DIGIT and {@code - . _ *} kept, a space as {@code +}, every other byte
   * as {@code %XX}), {@code name=value} pairs joined with {@code &}, a null value sent as the bare
   * name. Empty for no parameters.
   */
  public static ByteBuffer urlEncodeFormParams(List<Param> params, Charset charset) {
    StringBuilder sb = new StringBuilder(16 * params.size());
    for (Param param : params) {
      if (sb.length() > 0) {
        sb.append('&');
      }
      appendFormField(sb, param.getName(), charset);
      String value = param.getValue();
      if (value != null) {
        appendFormField(sb.append('='), value, charset);
      }
    }
    return StringUtils.charSequence2ByteBuffer(sb, US_ASCII);
  }

  private static void appendFormField(StringBuilder sb, String field, Charset charset) {
    if (charset.equals(UTF_8)) {
      Utf8PercentEncoder.appendFormElement(sb, field);
    } else {
      // URLEncoder applies the same rules (HTML's form encoding) in any charset.
      sb.append(URLEncoder.encode(field, charset));
    }
  }

  /** {@code acceptEncoding} without a trailing {@code ", br"}. */
  public static CharSequence filterOutBrotliFromAcceptEncoding(String acceptEncoding) {
    return withoutSuffix(acceptEncoding, BROTLI_SUFFIX);
  }

  /** {@code acceptEncoding} without a trailing {@code ", zstd"}. */
  public static CharSequence filterOutZstdFromAcceptEncoding(String acceptEncoding) {
    return withoutSuffix(acceptEncoding, ZSTD_SUFFIX);
  }

  private static CharSequence withoutSuffix(String value, String suffix) {
    return value.endsWith(suffix) ? value.substring(0, value.length() - suffix.length()) : value;
  }
}
