package org.asynchttpclient.netty.request;

import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/**
 * What a hop sends, from its {@link Request}: the wire request (with the realm the exchange still
 * applies, and an HTTP proxy's custom headers when the proxy reads the request) and the pool
 * partition it belongs to.
 *
 * <p>Thread-safe: holds only configuration.
 */
public final class HopRequests {
  // immutable
  private final AsyncHttpClientConfig config;
  private final NettyRequestFactory requestFactory;

  public HopRequests(AsyncHttpClientConfig config, NettyRequestFactory requestFactory) {
    this.config = config;
    this.requestFactory = requestFactory;
  }

  public NettyRequest encode(Exchange<?> ex, Request request, @Nullable ProxyServer proxy) {
    // SOCKS is below HTTP: the request itself is the same as a direct one.
    ProxyServer httpProxy = proxy != null && proxy.getProxyType().isHttp() ? proxy : null;
    Realm realm = request.getRealm();
    if (realm == null && !ex.followUps().credentialsDropped()) {
      realm = config.getRealm();
    }
    Realm proxyRealm = httpProxy != null ? httpProxy.getRealm() : null;
    NettyRequest wire = requestFactory.newNettyRequest(request, false, httpProxy, realm, proxyRealm);
    // A tunnelled request (https, and ws as in 3.0.11) is not read by the proxy.
    if (httpProxy != null && !request.getUri().isSecured() && !request.getUri().isWebSocket()) {
      ProxyCustomHeaders.addTo(wire, httpProxy, request);
    }
    return wire;
  }

  /**
   * Whether the request's or its proxy's realm authenticates the connection itself (NTLM, SPNEGO,
   * Kerberos): such a hop never speaks HTTP/2 (no {@code h2} in ALPN, no h2c), as in 3.0.14, since
   * a multiplexed connection would carry other requests in the login's name.
   */
  public static boolean authenticatesConnection(
      Request request, @Nullable ProxyServer proxy, @Nullable Realm clientRealm) {
    return ConnectionIdentity.authenticatesConnection(realmOf(request, clientRealm))
        || (proxy != null && ConnectionIdentity.authenticatesConnection(proxy.getRealm()));
  }

  /** The request's own realm, else the client-wide one ({@code config.getRealm()}), or null. */
  private static @Nullable Realm realmOf(Request request, @Nullable Realm clientRealm) {
    Realm own = request.getRealm();
    return own != null ? own : clientRealm;
  }

  /**
   * The pool partition of a hop: scheme, host, port and the proxy carrying it, scoped by the login
   * the connection carries when one does ({@link ConnectionIdentity}: NTLM, SPNEGO, Kerberos, a
   * per-connection proxy login).
   */
  // 3.0.11's ChannelPoolPartitioning declares its parameters without @Nullable although a
  // virtual host and a proxy are optional; the built-in implementation accepts null.
  @SuppressWarnings("NullAway")
  public static Object partitionKey(Request request, @Nullable ProxyServer proxy, @Nullable Realm clientRealm) {
    Object base =
        request
            .getChannelPoolPartitioning()
            .getPartitionKey(request.getUri(), request.getVirtualHost(), proxy);
    return ConnectionIdentity.scope(base, request.getUri(), realmOf(request, clientRealm), proxy);
  }
}
