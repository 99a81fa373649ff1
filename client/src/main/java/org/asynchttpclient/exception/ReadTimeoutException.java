package org.asynchttpclient.exception;

/**
 * The read timeout expired: the connection stayed silent for {@code readTimeout} after the
 * request was written. See {@link ExchangeTimeoutException} for the figures it carries.
 */
public final class ReadTimeoutException extends ExchangeTimeoutException {
  private static final long serialVersionUID = 1L;

  ReadTimeoutException(Builder b) {
    super(Kind.READ, b);
  }
}
