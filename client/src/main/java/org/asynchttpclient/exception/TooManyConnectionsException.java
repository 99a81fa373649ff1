package org.asynchttpclient.exception;

import java.io.IOException;

/** The client already has its maximum number of open connections ({@code maxConnections}). */
public class TooManyConnectionsException extends IOException {

  private static final long serialVersionUID = 1L;

  /** @param max the configured limit */
  public TooManyConnectionsException(int max) {
    super("Too many connections: " + max);
  }
}
