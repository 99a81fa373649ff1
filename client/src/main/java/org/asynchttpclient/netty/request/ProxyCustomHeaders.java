package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.function.Function;
import org.asynchttpclient.Request;
import org.asynchttpclient.proxy.ProxyServer;

/**
 * Adds a {@link ProxyServer}'s custom headers ({@link ProxyServer#getCustomHeaders()}) to what is
 * sent to that proxy: a plain {@code http} request forwarded by it, and the CONNECT that opens a
 * tunnel through it to an {@code https} target (as 3.0.11 does). The request sent inside a tunnel
 * reaches the target, not the proxy, and never gets them. Stateless.
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
    wire.getHttpRequest().headers().add(extra);
  }
}
