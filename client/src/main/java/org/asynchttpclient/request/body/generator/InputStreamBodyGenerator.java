package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class InputStreamBodyGenerator implements org.asynchttpclient.request.body.generator.BodyGenerator {
  public InputStreamBodyGenerator(java.io.InputStream p0) { throw new UnsupportedOperationException("stub"); }
  public InputStreamBodyGenerator(java.io.InputStream p0, long p1) { throw new UnsupportedOperationException("stub"); }
  public java.io.InputStream getInputStream() { throw new UnsupportedOperationException("stub"); }
  public long getContentLength() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.Body createBody() { throw new UnsupportedOperationException("stub"); }
}
