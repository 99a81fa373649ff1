package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class FilePart extends org.asynchttpclient.request.body.multipart.FileLikePart {
  public FilePart(java.lang.String p0, java.io.File p1) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public FilePart(java.lang.String p0, java.io.File p1, java.lang.String p2) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public FilePart(java.lang.String p0, java.io.File p1, java.lang.String p2, java.nio.charset.Charset p3) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public FilePart(java.lang.String p0, java.io.File p1, java.lang.String p2, java.nio.charset.Charset p3, java.lang.String p4) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public FilePart(java.lang.String p0, java.io.File p1, java.lang.String p2, java.nio.charset.Charset p3, java.lang.String p4, java.lang.String p5) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public FilePart(java.lang.String p0, java.io.File p1, java.lang.String p2, java.nio.charset.Charset p3, java.lang.String p4, java.lang.String p5, java.lang.String p6) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public java.io.File getFile() { throw new UnsupportedOperationException("stub"); }
}
