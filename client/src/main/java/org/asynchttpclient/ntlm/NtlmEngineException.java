package org.asynchttpclient.ntlm;

/**
 * An NTLM message could not be read or built: a malformed or truncated challenge, or missing
 * credentials. Package-private, as in AHC 3.0.11; callers see a {@link RuntimeException}. The
 * message never carries a password or a value derived from it.
 */
class NtlmEngineException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  NtlmEngineException(String message) {
    super(message);
  }

  NtlmEngineException(String message, Throwable cause) {
    super(message, cause);
  }
}
