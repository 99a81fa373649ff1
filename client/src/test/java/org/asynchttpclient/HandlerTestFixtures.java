package org.asynchttpclient;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.asynchttpclient.testing.Stub;
import org.asynchttpclient.uri.Uri;

/** Small stand-ins for the engine's status and body part types, shared by the handler tests. */
public final class HandlerTestFixtures {

  public static final InetSocketAddress REMOTE = new InetSocketAddress("127.0.0.1", 8080);
  public static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 50123);

  private HandlerTestFixtures() {}

  /** A status line HTTP/{major}.{minor} {code} {text}. */
  public static HttpResponseStatus status(int code, String text, int major, int minor) {
    return new FixedStatus(code, text, major, minor);
  }

  public static HttpResponseStatus status(int code, String text) {
    return status(code, text, 1, 1);
  }

  /**
   * A Request whose only working method is toString; filters under test only pass it along. Built as a
   * proxy so these tests do not depend on the RequestBuilder implementation.
   */
  public static Request request(String description) {
    return Stub.of(Request.class, description, (method, args) -> {
      throw Stub.unexpected(method);
    });
  }

  /**
   * Hands {@code handler} one body part of {@code text} over a buffer released as soon as the
   * callback returns, as the engine's parts are; returns what the handler answered.
   */
  public static AsyncHandler.State feedBody(AsyncHandler<?> handler, String text, boolean last)
      throws Exception {
    ByteBuf buf = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    try {
      return handler.onBodyPartReceived(new BufferBodyPart(buf, last));
    } finally {
      buf.release();
    }
  }

  /**
   * A body part over a buffer the test owns, like the engine's lazy parts: valid only until the test
   * releases or overwrites the buffer.
   */
  public static final class BufferBodyPart extends HttpResponseBodyPart {
    private final ByteBuf buf;

    public BufferBodyPart(ByteBuf buf, boolean last) {
      super(last);
      this.buf = buf;
    }

    @Override
    public int length() {
      return buf.readableBytes();
    }

    @Override
    public byte[] getBodyPartBytes() {
      return ByteBufUtil.getBytes(buf);
    }

    @Override
    public ByteBuffer getBodyByteBuffer() {
      return buf.nioBuffer();
    }

    @Override
    public ByteBuf getBodyByteBuf() {
      return buf;
    }
  }

  private static final class FixedStatus extends HttpResponseStatus {
    private final int code;
    private final String text;
    private final int major;
    private final int minor;

    // Uri is still a generated stub on this branch (its factory methods throw), so no Uri can be built;
    // nothing in these tests reads the status URI.
    @SuppressWarnings("NullAway")
    FixedStatus(int code, String text, int major, int minor) {
      super((Uri) null);
      this.code = code;
      this.text = text;
      this.major = major;
      this.minor = minor;
    }

    @Override
    public int getStatusCode() {
      return code;
    }

    @Override
    public String getStatusText() {
      return text;
    }

    @Override
    public String getProtocolName() {
      return "HTTP";
    }

    @Override
    public int getProtocolMajorVersion() {
      return major;
    }

    @Override
    public int getProtocolMinorVersion() {
      return minor;
    }

    @Override
    public String getProtocolText() {
      return "HTTP/" + major + "." + minor;
    }

    @Override
    public SocketAddress getRemoteAddress() {
      return REMOTE;
    }

    @Override
    public SocketAddress getLocalAddress() {
      return LOCAL;
    }
  }
}
