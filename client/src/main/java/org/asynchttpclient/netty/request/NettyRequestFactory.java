package org.asynchttpclient.netty.request;

import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/** PLACEHOLDER (replaced by the encoder branch). */
public final class NettyRequestFactory {
  public NettyRequestFactory(AsyncHttpClientConfig config) {}

  public NettyRequest newNettyRequest(
      Request request,
      boolean connectTunnel,
      @Nullable ProxyServer proxy,
      @Nullable Realm realm,
      @Nullable Realm proxyRealm) {
    throw new UnsupportedOperationException("placeholder");
  }
}
