package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class InputStreamPart extends org.asynchttpclient.request.body.multipart.FileLikePart {
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2, long p3) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2, long p3, java.lang.String p4) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2, long p3, java.lang.String p4, java.nio.charset.Charset p5) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2, long p3, java.lang.String p4, java.nio.charset.Charset p5, java.lang.String p6) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public InputStreamPart(java.lang.String p0, java.io.InputStream p1, java.lang.String p2, long p3, java.lang.String p4, java.nio.charset.Charset p5, java.lang.String p6, java.lang.String p7) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public java.io.InputStream getInputStream() { throw new UnsupportedOperationException("stub"); }
  public long getContentLength() { throw new UnsupportedOperationException("stub"); }
}
