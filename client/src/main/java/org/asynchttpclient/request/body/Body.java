package org.asynchttpclient.request.body;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface Body extends java.io.Closeable {
  long getContentLength();
  org.asynchttpclient.request.body.Body.BodyState transferTo(io.netty.buffer.ByteBuf p0) throws java.io.IOException;
  public static enum BodyState {
    CONTINUE, SUSPEND, STOP;
  }
}
