package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class BoundedQueueFeedableBodyGenerator extends org.asynchttpclient.request.body.generator.QueueBasedFeedableBodyGenerator<java.util.concurrent.BlockingQueue<org.asynchttpclient.request.body.generator.BodyChunk>> {
  public BoundedQueueFeedableBodyGenerator(int p0) { super(null); throw new UnsupportedOperationException("stub"); }
  protected boolean offer(org.asynchttpclient.request.body.generator.BodyChunk p0) throws java.lang.InterruptedException { throw new UnsupportedOperationException("stub"); }
}
