package org.asynchttpclient.handler;

/**
 * Thrown when an exchange is redirected more times than the configured maximum. It carries no stack
 * trace: it describes the server's behaviour, not a fault in the code that raised it.
 */
public class MaxRedirectException extends Exception {

  private static final long serialVersionUID = 1L;

  public MaxRedirectException(String msg) {
    super(msg, null, true, false);
  }
}
