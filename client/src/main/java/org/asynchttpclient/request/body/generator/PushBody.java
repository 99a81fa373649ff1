package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class PushBody implements org.asynchttpclient.request.body.Body {
  public PushBody(java.util.Queue<org.asynchttpclient.request.body.generator.BodyChunk> p0) { throw new UnsupportedOperationException("stub"); }
  public long getContentLength() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.Body.BodyState transferTo(io.netty.buffer.ByteBuf p0) { throw new UnsupportedOperationException("stub"); }
  public void close() { throw new UnsupportedOperationException("stub"); }
}
