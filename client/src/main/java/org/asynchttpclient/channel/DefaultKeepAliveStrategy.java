package org.asynchttpclient.channel;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.net.InetSocketAddress;
import org.asynchttpclient.Request;

/**
 * Keeps a connection alive unless one side said otherwise: {@code Connection: close} on the request or
 * the response, an HTTP/1.0 message without {@code Connection: keep-alive}, or a
 * {@code Proxy-Connection: close} response from a proxy.
 */
public class DefaultKeepAliveStrategy implements KeepAliveStrategy {

  public DefaultKeepAliveStrategy() {}

  @Override
  public boolean keepAlive(
      InetSocketAddress remoteAddress,
      Request ahcRequest,
      HttpRequest nettyRequest,
      HttpResponse nettyResponse) {
    // HttpUtil.isKeepAlive applies the version rules: HTTP/1.1 is persistent unless Connection: close,
    // HTTP/1.0 only with Connection: keep-alive.
    return HttpUtil.isKeepAlive(nettyResponse)
        && HttpUtil.isKeepAlive(nettyRequest)
        && !nettyResponse
            .headers()
            .contains(HttpHeaderNames.PROXY_CONNECTION, HttpHeaderValues.CLOSE, true);
  }
}
