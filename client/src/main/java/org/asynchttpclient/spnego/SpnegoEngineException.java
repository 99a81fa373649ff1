package org.asynchttpclient.spnego;

import org.jetbrains.annotations.Nullable;

/**
 * No SPNEGO token could be produced: the login failed, no credentials were available, or the
 * GSS-API refused to start a context for the server. The message never carries the password.
 */
public class SpnegoEngineException extends Exception {
  private static final long serialVersionUID = 1L;

  public SpnegoEngineException(@Nullable String message) {
    super(message);
  }

  public SpnegoEngineException(@Nullable String message, Throwable cause) {
    super(message, cause);
  }
}
