package org.asynchttpclient.uri;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class Uri {
  public static final java.lang.String HTTP = "http";
  public static final java.lang.String HTTPS = "https";
  public static final java.lang.String WS = "ws";
  public static final java.lang.String WSS = "wss";
  public Uri(java.lang.String p0, java.lang.String p1, java.lang.String p2, int p3, java.lang.String p4, java.lang.String p5, java.lang.String p6) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.uri.Uri create(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public static org.asynchttpclient.uri.Uri create(org.asynchttpclient.uri.Uri p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getQuery() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getPath() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getUserInfo() { throw new UnsupportedOperationException("stub"); }
  public int getPort() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getScheme() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getHost() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getFragment() { throw new UnsupportedOperationException("stub"); }
  public boolean isSecured() { throw new UnsupportedOperationException("stub"); }
  public boolean isWebSocket() { throw new UnsupportedOperationException("stub"); }
  public java.net.URI toJavaNetURI() throws java.net.URISyntaxException { throw new UnsupportedOperationException("stub"); }
  public int getExplicitPort() { throw new UnsupportedOperationException("stub"); }
  public int getSchemeDefaultPort() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toBaseUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toRelativeUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toFullUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getBaseUrl() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getAuthority() { throw new UnsupportedOperationException("stub"); }
  public boolean isSameBase(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getNonEmptyPath() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.uri.Uri withNewScheme(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.uri.Uri withNewQuery(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  public int hashCode() { throw new UnsupportedOperationException("stub"); }
  public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
  public static void validateSupportedScheme(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
}
