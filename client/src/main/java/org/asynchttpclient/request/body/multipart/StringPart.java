package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class StringPart extends org.asynchttpclient.request.body.multipart.PartBase {
  public StringPart(java.lang.String p0, java.lang.String p1) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public StringPart(java.lang.String p0, java.lang.String p1, java.lang.String p2) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public StringPart(java.lang.String p0, java.lang.String p1, java.lang.String p2, java.nio.charset.Charset p3) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public StringPart(java.lang.String p0, java.lang.String p1, java.lang.String p2, java.nio.charset.Charset p3, java.lang.String p4) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public StringPart(java.lang.String p0, java.lang.String p1, java.lang.String p2, java.nio.charset.Charset p3, java.lang.String p4, java.lang.String p5) { super((java.lang.String) null, (java.lang.String) null, (java.nio.charset.Charset) null, (java.lang.String) null, (java.lang.String) null); throw new UnsupportedOperationException("stub"); }
  public java.lang.String getValue() { throw new UnsupportedOperationException("stub"); }
}
