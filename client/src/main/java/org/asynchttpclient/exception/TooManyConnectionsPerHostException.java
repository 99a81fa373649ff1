package org.asynchttpclient.exception;

import java.io.IOException;

/**
 * The client already has its maximum number of open connections to this host
 * ({@code maxConnectionsPerHost}).
 */
public class TooManyConnectionsPerHostException extends IOException {

  private static final long serialVersionUID = 1L;

  /** @param max the configured per-host limit */
  public TooManyConnectionsPerHostException(int max) {
    super("Too many connections per host: " + max);
  }
}
