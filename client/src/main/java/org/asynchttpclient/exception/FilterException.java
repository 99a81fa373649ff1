package org.asynchttpclient.exception;

/** Thrown by a filter to refuse a request or response; the exchange fails with it. */
public class FilterException extends Exception {

  private static final long serialVersionUID = 1L;

  public FilterException(String message) {
    super(message);
  }

  public FilterException(String message, Throwable cause) {
    super(message, cause);
  }
}
