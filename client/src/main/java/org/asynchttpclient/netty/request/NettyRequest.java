package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpRequest;

/** The request as it is about to be written on the wire: Netty's request head for one hop. */
public final class NettyRequest {
  private final HttpRequest httpRequest;

  public NettyRequest(HttpRequest httpRequest) {
    this.httpRequest = httpRequest;
  }

  public HttpRequest getHttpRequest() {
    return httpRequest;
  }
}
