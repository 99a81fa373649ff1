package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import java.io.InputStream;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.netty.EagerResponseBodyPart;
import org.asynchttpclient.netty.NettyResponse;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/** A complete HTTP response: status, headers and the whole body held in memory. */
public interface Response {

  int getStatusCode();

  /** The reason phrase of the status line. */
  String getStatusText();

  /** The body as a new byte array. */
  byte[] getResponseBodyAsBytes();

  /**
   * The body as a byte array that may be the response's own, without a copy: the caller must only
   * read it. Writing to it would change what every later {@code getResponseBody*} of this response
   * returns, and what other callers of this method hold (the array may also be the one the single
   * body part handed to {@link AsyncHandler#onBodyPartReceived} carried, and the empty array of a
   * response without a body is shared by every such response). For a copy the caller may change,
   * use {@link #getResponseBodyAsBytes()}, which this defaults to. As in AHC 3.0.14.
   */
  default byte[] getResponseBodyAsBytesView() {
    return getResponseBodyAsBytes();
  }

  /** The body wrapped in a heap {@link ByteBuffer} positioned at 0. */
  ByteBuffer getResponseBodyAsByteBuffer();

  /** The body as a {@link ByteBuf}; releasing it is allowed and not required. */
  ByteBuf getResponseBodyAsByteBuf();

  /** A stream over the body. */
  InputStream getResponseBodyAsStream();

  /** The body decoded with {@code charset}. */
  String getResponseBody(Charset charset);

  /** The body decoded with the charset of the Content-Type header, UTF-8 when it names none. */
  String getResponseBody();

  /** The URI of the request that produced this response (after redirects, the last one). */
  Uri getUri();

  // AHC 3.0.11 leaves the following getters unannotated although they may return null; annotating them
  // now would change the public API that revapi compares, so the contract lives in the javadoc.

  /** The Content-Type header, or null if there is none. */
  String getContentType();

  /** The first value of header {@code name}, or null if there is none. */
  String getHeader(CharSequence name);

  /** All values of header {@code name}, possibly empty. */
  List<String> getHeaders(CharSequence name);

  /** All response headers (and trailing headers, if any), possibly empty. */
  HttpHeaders getHeaders();

  /** Whether the status is a redirect: 301, 302, 303, 307 or 308. */
  boolean isRedirected();

  @Override
  String toString();

  /** The cookies set by this response. */
  List<Cookie> getCookies();

  boolean hasResponseStatus();

  boolean hasResponseHeaders();

  boolean hasResponseBody();

  /** The protocol version the response was received with; HTTP/1.1 unless the implementation knows. */
  default HttpProtocol getProtocol() {
    return HttpProtocol.HTTP_1_1;
  }

  /** The address of the server, or null if it is not known. */
  SocketAddress getRemoteAddress();

  /** The local address of the connection, or null if it is not known. */
  SocketAddress getLocalAddress();

  /**
   * Collects the status, headers and body parts of a response as they arrive and builds a
   * {@link Response} from them.
   *
   * <p>Body bytes are copied out of each part when it is accumulated, because a part may wrap a pooled
   * buffer that is released as soon as the callback returns; an eager part's bytes are already a private
   * copy and are kept without another. Not thread-safe: feed it from the thread that
   * runs the handler's callbacks (they are never concurrent for one exchange).
   */
  class ResponseBuilder {

    private static final byte[] EMPTY_BODY = new byte[0];

    // Most bodies arrive in one part: the list is only made for a second one.
    private byte @Nullable [] firstChunk;
    private @Nullable List<byte[]> moreChunks;
    private int bodyLength;
    private @Nullable HttpResponseStatus status;
    private @Nullable HttpHeaders headers;

    public ResponseBuilder() {}

    public void accumulate(HttpResponseStatus status) {
      this.status = status;
    }

    /**
     * Adds headers; called once for the response headers and again for the trailing headers, which are
     * merged into a copy so that the first headers object is never modified.
     */
    public void accumulate(HttpHeaders headers) {
      HttpHeaders current = this.headers;
      if (current == null) {
        this.headers = headers;
      } else {
        this.headers = current.copy().add(headers);
      }
    }

    /**
     * Keeps the part's bytes; empty parts are skipped. An {@link EagerResponseBodyPart} already holds
     * its own copy, which is kept as it is; any other part is copied, since it may wrap a pooled buffer.
     */
    public void accumulate(HttpResponseBodyPart bodyPart) {
      int length = bodyPart.length();
      if (length <= 0) {
        return;
      }
      byte[] bytes;
      if (bodyPart instanceof EagerResponseBodyPart) {
        bytes = bodyPart.getBodyPartBytes();
      } else {
        ByteBuf buf = bodyPart.getBodyByteBuf();
        bytes = new byte[buf.readableBytes()];
        buf.getBytes(buf.readerIndex(), bytes);
      }
      int readable = bytes.length;
      if (bodyLength > Integer.MAX_VALUE - readable) {
        throw new IllegalStateException(
            "response body: "
                + ((long) bodyLength + readable)
                + " bytes (expected <= "
                + Integer.MAX_VALUE
                + " to hold it in memory)");
      }
      if (firstChunk == null) {
        firstChunk = bytes;
      } else {
        List<byte[]> more = moreChunks;
        if (more == null) {
          more = new ArrayList<>();
          moreChunks = more;
        }
        more.add(bytes);
      }
      bodyLength += readable;
    }

    /**
     * Builds the response from what has been accumulated so far, or returns null if no status was
     * received. The builder can keep accumulating afterwards; the built response does not change.
     */
    @Nullable
    public Response build() {
      HttpResponseStatus currentStatus = status;
      if (currentStatus == null) {
        return null;
      }
      return new NettyResponse(currentStatus, headers, joinBody());
    }

    /** Forgets everything accumulated, for instance before a redirect or retry hop. */
    public void reset() {
      firstChunk = null;
      moreChunks = null;
      bodyLength = 0;
      status = null;
      headers = null;
    }

    private byte[] joinBody() {
      byte[] first = firstChunk;
      if (first == null) {
        return EMPTY_BODY;
      }
      List<byte[]> more = moreChunks;
      if (more == null) {
        // The chunk is never written again (our copy, or an eager part's own array), so it can be shared.
        return first;
      }
      byte[] body = new byte[bodyLength];
      System.arraycopy(first, 0, body, 0, first.length);
      int offset = first.length;
      for (byte[] chunk : more) {
        System.arraycopy(chunk, 0, body, offset, chunk.length);
        offset += chunk.length;
      }
      // Keep the joined array as the only chunk so that building again (BodyDeferringAsyncHandler builds
      // once for the headers and once at the end) copies each byte once more at most.
      firstChunk = body;
      moreChunks = null;
      return body;
    }
  }
}
