package org.asynchttpclient.scram;

/**
 * A SCRAM handshake failed: a malformed server message, a nonce that does not extend ours, an
 * iteration count above the realm's cap, or a server signature that does not verify (the server
 * could not prove it knows the password). The message never carries the password or a key.
 */
public class ScramException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ScramException(String message) {
    super(message);
  }

  public ScramException(String message, Throwable cause) {
    super(message, cause);
  }
}
