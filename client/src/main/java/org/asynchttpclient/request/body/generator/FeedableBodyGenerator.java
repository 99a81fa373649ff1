package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface FeedableBodyGenerator extends org.asynchttpclient.request.body.generator.BodyGenerator {
  boolean feed(io.netty.buffer.ByteBuf p0, boolean p1) throws java.lang.Exception;
  void setListener(org.asynchttpclient.request.body.generator.FeedListener p0);
}
