package org.asynchttpclient.filter;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface RequestFilter {
  <T> org.asynchttpclient.filter.FilterContext<T> filter(org.asynchttpclient.filter.FilterContext<T> p0) throws org.asynchttpclient.exception.FilterException;
}
