package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class ByteArrayBodyGenerator implements org.asynchttpclient.request.body.generator.BodyGenerator {
  public ByteArrayBodyGenerator(byte[] p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.Body createBody() { throw new UnsupportedOperationException("stub"); }
  public final class ByteBody implements org.asynchttpclient.request.body.Body {
    protected ByteBody() { throw new UnsupportedOperationException("stub"); }
    public long getContentLength() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.request.body.Body.BodyState transferTo(io.netty.buffer.ByteBuf p0) { throw new UnsupportedOperationException("stub"); }
    public void close() { throw new UnsupportedOperationException("stub"); }
  }
}
