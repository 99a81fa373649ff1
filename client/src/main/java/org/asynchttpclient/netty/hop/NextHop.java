package org.asynchttpclient.netty.hop;

import org.asynchttpclient.Request;
import org.asynchttpclient.events.HopKind;

/** The follow-up decision on a response head: the next hop's request and why it is sent. */
public final class NextHop {
  // immutable
  private final Request request;
  private final HopKind kind;

  public NextHop(Request request, HopKind kind) {
    this.request = request;
    this.kind = kind;
  }

  public Request request() {
    return request;
  }

  public HopKind kind() {
    return kind;
  }
}
