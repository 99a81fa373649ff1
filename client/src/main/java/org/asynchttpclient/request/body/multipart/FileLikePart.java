package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class FileLikePart extends org.asynchttpclient.request.body.multipart.PartBase {
  protected FileLikePart(java.lang.String p0, java.lang.String p1, java.nio.charset.Charset p2, java.lang.String p3, java.lang.String p4, java.lang.String p5) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public java.lang.String getFileName() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
}
