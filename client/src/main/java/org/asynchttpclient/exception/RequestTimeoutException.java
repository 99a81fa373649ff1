package org.asynchttpclient.exception;

/**
 * The request timeout expired: the exchange (or, without an absolute deadline, its current hop)
 * did not end within {@code requestTimeout}. See {@link ExchangeTimeoutException} for the figures
 * it carries.
 */
public final class RequestTimeoutException extends ExchangeTimeoutException {
  private static final long serialVersionUID = 1L;

  RequestTimeoutException(Builder b) {
    super(Kind.REQUEST, b);
  }
}
