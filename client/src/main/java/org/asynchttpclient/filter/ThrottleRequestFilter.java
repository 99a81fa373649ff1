package org.asynchttpclient.filter;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class ThrottleRequestFilter implements org.asynchttpclient.filter.RequestFilter {
  public ThrottleRequestFilter(int p0) { throw new UnsupportedOperationException("stub"); }
  public ThrottleRequestFilter(int p0, int p1) { throw new UnsupportedOperationException("stub"); }
  public ThrottleRequestFilter(int p0, int p1, boolean p2) { throw new UnsupportedOperationException("stub"); }
  public <T> org.asynchttpclient.filter.FilterContext<T> filter(org.asynchttpclient.filter.FilterContext<T> p0) throws org.asynchttpclient.exception.FilterException { throw new UnsupportedOperationException("stub"); }
}
