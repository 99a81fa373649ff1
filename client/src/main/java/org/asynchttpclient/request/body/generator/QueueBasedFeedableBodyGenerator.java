package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class QueueBasedFeedableBodyGenerator<T extends java.util.Queue<org.asynchttpclient.request.body.generator.BodyChunk>> implements org.asynchttpclient.request.body.generator.FeedableBodyGenerator {
  // TODO field protected T queue
  protected final T queue;
  protected QueueBasedFeedableBodyGenerator(T p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.Body createBody() { throw new UnsupportedOperationException("stub"); }
  protected abstract boolean offer(org.asynchttpclient.request.body.generator.BodyChunk p0) throws java.lang.Exception;
  public boolean feed(io.netty.buffer.ByteBuf p0, boolean p1) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
  public void setListener(org.asynchttpclient.request.body.generator.FeedListener p0) { throw new UnsupportedOperationException("stub"); }
}
