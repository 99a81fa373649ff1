package org.asynchttpclient.netty.ws;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.ws.WebSocketUtils;

/**
 * The request side of the opening handshake (RFC 6455 4.1), added to the head of a GET to a
 * {@code ws://} or {@code wss://} URI: {@code Upgrade: websocket}, {@code Connection: Upgrade}, a
 * fresh {@code Sec-WebSocket-Key} for each hop, {@code Sec-WebSocket-Version: 13}, an {@code
 * Origin} unless the request has one (as AHC 3.0.11 sends it: {@code http(s)://host[:port]}), and
 * the compression offer of {@link CompressionExtensions} (permessage-deflate, deflate-frame,
 * x-webkit-deflate-frame, as AHC 3.0.11 offers them) when {@code enableWebSocketCompression} is on and
 * the request does not name its own extensions.
 *
 * <p>Thread-safe: stateless.
 */
public final class WebSocketUpgradeRequest {
  private WebSocketUpgradeRequest() {}

  /** Whether a URI scheme asks for a WebSocket upgrade. */
  public static boolean isWebSocket(String scheme) {
    return Uri.WS.equals(scheme) || Uri.WSS.equals(scheme);
  }

  /**
   * Adds the handshake headers.
   *
   * @param origin the {@code Origin} to send when the request has none
   */
  public static void addHeaders(HttpHeaders headers, String origin, AsyncHttpClientConfig config) {
    headers.set(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET);
    headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
    headers.set(HttpHeaderNames.SEC_WEBSOCKET_KEY, WebSocketUtils.getWebSocketKey());
    headers.set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13");
    if (!headers.contains(HttpHeaderNames.ORIGIN)) {
      headers.set(HttpHeaderNames.ORIGIN, origin);
    }
    if (config.isEnableWebSocketCompression()
        && !headers.contains(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS)) {
      headers.set(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, CompressionExtensions.OFFER);
    }
  }
}
