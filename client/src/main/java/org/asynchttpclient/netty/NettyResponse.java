package org.asynchttpclient.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.HttpProtocol;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Response;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * The {@link Response} that {@link Response.ResponseBuilder#build()} returns: a status, the response headers
 * (merged with trailing headers, if any) and the body already copied into one heap array.
 *
 * <p>Immutable once built, except for the lazily parsed cookie list, which is published through a
 * volatile field; any thread may read it. Getters that expose the body as a mutable array or buffer hand
 * out a copy, so one caller cannot change what another reads; only {@link #getResponseBodyAsBytesView()}
 * hands out the array itself, for callers that promise to read it only.
 */
public final class NettyResponse implements Response {

  private final HttpResponseStatus status;
  // EmptyHttpHeaders.INSTANCE when no headers were received.
  private final HttpHeaders headers;
  private final byte[] body;
  private volatile @Nullable List<Cookie> cookies;

  /**
   * @param status the status line
   * @param headers the headers, or null if none were received
   * @param body the body bytes; this response takes ownership and never writes to it
   */
  public NettyResponse(HttpResponseStatus status, @Nullable HttpHeaders headers, byte[] body) {
    this.status = status;
    this.headers = headers != null ? headers : EmptyHttpHeaders.INSTANCE;
    this.body = body;
  }

  @Override
  public int getStatusCode() {
    return status.getStatusCode();
  }

  @Override
  public String getStatusText() {
    return status.getStatusText();
  }

  @Override
  public byte[] getResponseBodyAsBytes() {
    return body.clone();
  }

  /**
   * The body array itself, not a copy: read only. With one body part (eager, the default), it is
   * that part's own array; without a body, an empty array shared by every response. See {@link
   * Response#getResponseBodyAsBytesView()}.
   */
  @Override
  public byte[] getResponseBodyAsBytesView() {
    return body;
  }

  @Override
  public ByteBuffer getResponseBodyAsByteBuffer() {
    return ByteBuffer.wrap(body.clone());
  }

  /** An unpooled heap buffer over a copy of the body: releasing it is allowed and not required. */
  @Override
  public ByteBuf getResponseBodyAsByteBuf() {
    return Unpooled.wrappedBuffer(body.clone());
  }

  @Override
  public InputStream getResponseBodyAsStream() {
    return new BodyStream(body);
  }

  /**
   * Reads the body without a copy of it. ByteArrayInputStream never writes to its array, but its
   * {@code transferTo} hands that very array to the caller's {@code OutputStream}, which could then
   * change the body every later {@code getResponseBody*} returns (AHC 3.0.12, #2303); here it gets
   * copies, a chunk at a time.
   */
  private static final class BodyStream extends ByteArrayInputStream {
    private static final int CHUNK = 8192;

    BodyStream(byte[] body) {
      super(body);
    }

    @Override
    public synchronized long transferTo(OutputStream out) throws IOException {
      long transferred = 0;
      byte[] chunk = new byte[Math.min(CHUNK, Math.max(1, count - pos))];
      while (pos < count) {
        int n = Math.min(chunk.length, count - pos);
        System.arraycopy(buf, pos, chunk, 0, n);
        pos += n;
        out.write(chunk, 0, n);
        transferred += n;
      }
      return transferred;
    }
  }

  @Override
  public String getResponseBody(Charset charset) {
    return new String(body, charset);
  }

  @Override
  public String getResponseBody() {
    // HttpUtil.getCharset returns the fallback for a missing (null), unknown or unsupported charset
    // name rather than throwing.
    return getResponseBody(HttpUtil.getCharset(getContentType(), StandardCharsets.UTF_8));
  }

  @Override
  public Uri getUri() {
    return status.getUri();
  }

  /** The Content-Type header, or null if there is none. */
  @Override
  public String getContentType() {
    return getHeader(HttpHeaderNames.CONTENT_TYPE);
  }

  /** The first value of the header, or null if there is none. */
  @Override
  public String getHeader(CharSequence name) {
    return headers.get(name);
  }

  @Override
  public List<String> getHeaders(CharSequence name) {
    return headers.getAll(name);
  }

  @Override
  public HttpHeaders getHeaders() {
    return headers;
  }

  @Override
  public boolean isRedirected() {
    int code = status.getStatusCode();
    return code == 301 || code == 302 || code == 303 || code == 307 || code == 308;
  }

  /**
   * The cookies of the Set-Cookie2 headers if there is at least one, else of the Set-Cookie headers (never
   * both), parsed strictly whatever useLaxCookieEncoder says, as AHC does (a response does not know its
   * client's config); values that do not parse are skipped. The cookie store reads Set-Cookie only.
   */
  @Override
  public List<Cookie> getCookies() {
    List<Cookie> parsed = cookies;
    if (parsed == null) {
      // Racing threads may both parse; they compute equal lists, so the last write winning is harmless.
      parsed = parseCookies();
      cookies = parsed;
    }
    return parsed;
  }

  private List<Cookie> parseCookies() {
    // AHC 3.0.11/3.0.12 prefer the obsolete Set-Cookie2 (RFC 2965) when a server sends it, and then ignore
    // Set-Cookie altogether; the strict decoder reads each value as if it were a Set-Cookie one.
    List<String> values = headers.getAll(HttpHeaderNames.SET_COOKIE2);
    if (values.isEmpty()) {
      values = headers.getAll(HttpHeaderNames.SET_COOKIE);
    }
    if (values.isEmpty()) {
      return Collections.emptyList();
    }
    List<Cookie> result = new ArrayList<>(values.size());
    for (String value : values) {
      Cookie cookie = ClientCookieDecoder.STRICT.decode(value);
      if (cookie != null) {
        result.add(cookie);
      }
    }
    return Collections.unmodifiableList(result);
  }

  @Override
  public boolean hasResponseStatus() {
    return true;
  }

  @Override
  public boolean hasResponseHeaders() {
    return !headers.isEmpty();
  }

  @Override
  public boolean hasResponseBody() {
    return body.length > 0;
  }

  @Override
  public HttpProtocol getProtocol() {
    if (status.getProtocolMajorVersion() == 2) {
      return HttpProtocol.HTTP_2;
    }
    return status.getProtocolMinorVersion() == 0 ? HttpProtocol.HTTP_1_0 : HttpProtocol.HTTP_1_1;
  }

  @Override
  public SocketAddress getRemoteAddress() {
    return status.getRemoteAddress();
  }

  @Override
  public SocketAddress getLocalAddress() {
    return status.getLocalAddress();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(128);
    sb.append("NettyResponse {\n\tstatusCode=").append(getStatusCode()).append("\n\theaders=\n");
    for (Map.Entry<String, String> header : getHeaders()) {
      sb.append("\t\t").append(header.getKey()).append(": ").append(header.getValue()).append('\n');
    }
    return sb.append("\tbody=\n").append(getResponseBody()).append("\n}").toString();
  }
}
