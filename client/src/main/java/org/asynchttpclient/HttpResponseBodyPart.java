package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class HttpResponseBodyPart {
  protected HttpResponseBodyPart(boolean p0) { throw new UnsupportedOperationException("stub"); }
  public abstract int length();
  public abstract byte[] getBodyPartBytes();
  public abstract java.nio.ByteBuffer getBodyByteBuffer();
  public abstract io.netty.buffer.ByteBuf getBodyByteBuf();
  public boolean isLast() { throw new UnsupportedOperationException("stub"); }
}
