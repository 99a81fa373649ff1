package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class Param {
  public Param(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
  public static java.util.List<org.asynchttpclient.Param> map2ParamList(java.util.Map<java.lang.String, java.util.List<java.lang.String>> p0) { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getName() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getValue() { throw new UnsupportedOperationException("stub"); }
  public int hashCode() { throw new UnsupportedOperationException("stub"); }
  public boolean equals(java.lang.Object p0) { throw new UnsupportedOperationException("stub"); }
}
