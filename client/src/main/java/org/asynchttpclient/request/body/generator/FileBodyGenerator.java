package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class FileBodyGenerator implements org.asynchttpclient.request.body.generator.BodyGenerator {
  public FileBodyGenerator(java.io.File p0) { throw new UnsupportedOperationException("stub"); }
  public FileBodyGenerator(java.io.File p0, long p1, long p2) { throw new UnsupportedOperationException("stub"); }
  public java.io.File getFile() { throw new UnsupportedOperationException("stub"); }
  public long getRegionLength() { throw new UnsupportedOperationException("stub"); }
  public long getRegionSeek() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.RandomAccessBody createBody() { throw new UnsupportedOperationException("stub"); }
}
