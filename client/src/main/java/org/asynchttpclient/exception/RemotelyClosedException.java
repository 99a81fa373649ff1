package org.asynchttpclient.exception;

import java.io.IOException;

/**
 * The server closed the connection before the response was complete (message "Remotely closed").
 *
 * <p>Only one instance exists, {@link #INSTANCE}, thrown from many places: its type and message say all
 * there is to say, so it carries no stack trace (filling one in would also be wrong for a shared object),
 * and its cause is fixed to null so that {@link #initCause(Throwable)} cannot change it.
 */
public final class RemotelyClosedException extends IOException {

  private static final long serialVersionUID = 1L;

  public static final RemotelyClosedException INSTANCE = new RemotelyClosedException();

  private RemotelyClosedException() {
    super("Remotely closed", null);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
