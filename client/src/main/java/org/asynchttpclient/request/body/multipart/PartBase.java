package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public abstract class PartBase implements org.asynchttpclient.request.body.multipart.Part {
  protected PartBase(java.lang.String p0, java.lang.String p1, java.nio.charset.Charset p2, java.lang.String p3, java.lang.String p4) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getName() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getContentType() { throw new UnsupportedOperationException("stub"); }
  public java.nio.charset.Charset getCharset() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getTransferEncoding() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getContentId() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getDispositionType() { throw new UnsupportedOperationException("stub"); }
  public void setDispositionType(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.Param> getCustomHeaders() { throw new UnsupportedOperationException("stub"); }
  public void setCustomHeaders(java.util.List<org.asynchttpclient.Param> p0) { throw new UnsupportedOperationException("stub"); }
  public void addCustomHeader(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
}
