package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpRequest;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.jetbrains.annotations.Nullable;

/** PLACEHOLDER (replaced by the encoder branch). */
public final class NettyRequest {
  private final HttpRequest httpRequest;

  public NettyRequest(HttpRequest httpRequest) {
    this.httpRequest = httpRequest;
  }

  public HttpRequest getHttpRequest() {
    return httpRequest;
  }

  public @Nullable NettyBody getBody() {
    return null;
  }

  public boolean isExpectContinue() {
    return false;
  }

  public void release() {}

  public boolean markHandedToChannel() {
    return true;
  }

  public boolean isHandedToChannel() {
    return false;
  }
}
