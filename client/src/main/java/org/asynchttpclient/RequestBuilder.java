package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class RequestBuilder extends org.asynchttpclient.RequestBuilderBase<org.asynchttpclient.RequestBuilder> {
  public RequestBuilder() { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public RequestBuilder(java.lang.String p0) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public RequestBuilder(java.lang.String p0, boolean p1) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
  public RequestBuilder(java.lang.String p0, boolean p1, boolean p2) { super((java.lang.String) null, (boolean) false); throw new UnsupportedOperationException("stub"); }
}
