package org.asynchttpclient;

import java.util.concurrent.atomic.AtomicBoolean;

/** A read-only view of whether a client has been closed; any thread may ask. */
public class AsyncHttpClientState {

  private final AtomicBoolean closed;

  /** A view of the client's own {@code closed} flag, which only the client sets. */
  AsyncHttpClientState(AtomicBoolean closed) {
    this.closed = closed;
  }

  public boolean isClosed() {
    return closed.get();
  }
}
