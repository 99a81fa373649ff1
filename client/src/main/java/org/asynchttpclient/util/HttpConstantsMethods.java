package org.asynchttpclient.util;

/** The HTTP method names the client prepares requests for. */
public final class HttpConstantsMethods {
  public static final String CONNECT = "CONNECT";
  public static final String DELETE = "DELETE";
  public static final String GET = "GET";
  public static final String HEAD = "HEAD";
  public static final String OPTIONS = "OPTIONS";
  public static final String PATCH = "PATCH";
  public static final String POST = "POST";
  public static final String PUT = "PUT";
  public static final String TRACE = "TRACE";

  private HttpConstantsMethods() {}
}
