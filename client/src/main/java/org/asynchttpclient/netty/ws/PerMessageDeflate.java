package org.asynchttpclient.netty.ws;

import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtension;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateClientExtensionHandshaker;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/**
 * The permessage-deflate extension (RFC 7692) as the client offers and accepts it, on Netty's
 * handshaker: compression level 6, the JDK's zlib (so no window size other than 15 either way),
 * and the client accepts a server that asks it not to keep its compression context. The inflater
 * stops at {@code webSocketMaxFrameSize} bytes per frame: a small compressed frame cannot inflate
 * past the limit the server is held to for uncompressed frames.
 */
final class PerMessageDeflate {
  static final String NAME = "permessage-deflate";

  private PerMessageDeflate() {}

  private static PerMessageDeflateClientExtensionHandshaker handshaker(int maxFrameSize) {
    return new PerMessageDeflateClientExtensionHandshaker(
        6, false, 15, true, false, WebSocketExtensionFilterProvider.DEFAULT, maxFrameSize);
  }

  /** The value of {@code Sec-WebSocket-Extensions} that offers the extension. */
  static String offer() {
    WebSocketExtensionData data = handshaker(1).newRequestData();
    StringBuilder value = new StringBuilder(data.name());
    for (Map.Entry<String, String> p : data.parameters().entrySet()) {
      value.append("; ").append(p.getKey());
      if (p.getValue() != null) {
        value.append('=').append(p.getValue());
      }
    }
    return value.toString();
  }

  /** The extension as the server accepted it, or null when its parameters are not acceptable. */
  static @Nullable WebSocketClientExtension accept(WebSocketExtensionData answer, int maxFrameSize) {
    return handshaker(maxFrameSize).handshakeExtension(answer);
  }
}
