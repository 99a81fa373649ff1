package org.asynchttpclient.exception;

import java.io.IOException;

/**
 * The connection was closed while an exchange was using it (message "Channel closed").
 *
 * <p>Only one instance exists, {@link #INSTANCE}, thrown from many places: its type and message say all
 * there is to say, so it carries no stack trace (filling one in would also be wrong for a shared object),
 * and its cause is fixed to null so that {@link #initCause(Throwable)} cannot change it.
 */
public final class ChannelClosedException extends IOException {

  private static final long serialVersionUID = 1L;

  public static final ChannelClosedException INSTANCE = new ChannelClosedException();

  private ChannelClosedException() {
    super("Channel closed", null);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
