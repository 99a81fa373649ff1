package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.function.Function;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;

/**
 * Adds a {@link ProxyServer}'s custom headers ({@link ProxyServer#getCustomHeaders()}) to what is
 * sent to that proxy: each plain {@code http} request forwarded by it (every hop, on a new or a
 * pooled connection), and the CONNECT that opens a tunnel through it to an {@code https} or {@code
 * ws}/{@code wss} target. The request sent inside a tunnel reaches the target, not the proxy, and
 * never gets them; nor does anything sent through a SOCKS proxy. A custom header replaces the
 * request's headers of the same name (AHC 3.0.14; 3.0.11 added it beside them). Stateless.
 */
public final class ProxyCustomHeaders {
  private ProxyCustomHeaders() {}

  /** Adds the headers {@code proxy} computes for {@code request}, if any, to {@code wire}. */
  public static void addTo(NettyRequest wire, ProxyServer proxy, Request request) {
    Function<Request, HttpHeaders> custom = proxy.getCustomHeaders();
    if (custom == null) {
      return;
    }
    HttpHeaders extra = custom.apply(request);
    if (extra == null) {
      return;
    }
    // Added after the factory checked the head: checked here, as the user's own headers are.
    WireSyntax.checkHeaders(extra);
    HttpHeaders headers = wire.getHttpRequest().headers();
    for (String name : extra.names()) {
      headers.set(name, extra.getAll(name));
    }
  }
}
