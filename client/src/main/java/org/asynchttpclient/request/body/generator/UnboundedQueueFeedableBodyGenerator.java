package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class UnboundedQueueFeedableBodyGenerator extends org.asynchttpclient.request.body.generator.QueueBasedFeedableBodyGenerator<java.util.concurrent.ConcurrentLinkedQueue<org.asynchttpclient.request.body.generator.BodyChunk>> {
  public UnboundedQueueFeedableBodyGenerator() { super(null); throw new UnsupportedOperationException("stub"); }
  protected boolean offer(org.asynchttpclient.request.body.generator.BodyChunk p0) { throw new UnsupportedOperationException("stub"); }
}
