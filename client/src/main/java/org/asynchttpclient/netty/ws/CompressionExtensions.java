package org.asynchttpclient.netty.ws;

import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtension;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtensionHandshaker;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionFilterProvider;
import io.netty.handler.codec.http.websocketx.extensions.compression.DeflateFrameClientExtensionHandshaker;
import io.netty.handler.codec.http.websocketx.extensions.compression.PerMessageDeflateClientExtensionHandshaker;
import java.util.List;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/**
 * The WebSocket compression extensions the client offers when {@code enableWebSocketCompression} is
 * on, and accepts, on Netty's handshakers. The offer and its order are those of Netty's {@code
 * WebSocketClientCompressionHandler}, which AHC 3.0.11 and 3.0.12 put in the pipeline:
 * permessage-deflate (RFC 7692), then the older per-frame drafts deflate-frame and
 * x-webkit-deflate-frame, so a server that knows only those still compresses. The server picks at
 * most one: all three use RSV1.
 *
 * <p>permessage-deflate at compression level 6 with the JDK's zlib (so no window size other than 15
 * either way), and the client accepts a server that asks it not to keep its compression context;
 * deflate-frame at level 6, without parameters (the only form it has). Every inflater stops at
 * {@code webSocketMaxDecompressedFrameSize} bytes per frame (AHC 3.0.14's option, 128000000 by
 * default; 0 for no limit), past which the frame fails with a DecompressionException and the
 * socket closes with 1009. {@code webSocketMaxFrameSize} bounds the frame as it comes off the wire.
 *
 * <p>Thread-safe: stateless.
 */
final class CompressionExtensions {
  static final String PERMESSAGE_DEFLATE = "permessage-deflate";
  static final String DEFLATE_FRAME = "deflate-frame";
  static final String X_WEBKIT_DEFLATE_FRAME = "x-webkit-deflate-frame";

  /** The value of {@code Sec-WebSocket-Extensions} that offers the three, in order of preference. */
  static final String OFFER = offer(handshakers(1));

  private CompressionExtensions() {}

  /** In order of preference; the inflaters stop at {@code maxInflatedFrameSize} bytes (0: never). */
  private static List<WebSocketClientExtensionHandshaker> handshakers(int maxInflatedFrameSize) {
    return List.of(
        new PerMessageDeflateClientExtensionHandshaker(
            6, false, 15, true, false, WebSocketExtensionFilterProvider.DEFAULT, maxInflatedFrameSize),
        new DeflateFrameClientExtensionHandshaker(
            6, false, WebSocketExtensionFilterProvider.DEFAULT, maxInflatedFrameSize),
        new DeflateFrameClientExtensionHandshaker(
            6, true, WebSocketExtensionFilterProvider.DEFAULT, maxInflatedFrameSize));
  }

  private static String offer(List<WebSocketClientExtensionHandshaker> handshakers) {
    StringBuilder value = new StringBuilder();
    for (WebSocketClientExtensionHandshaker handshaker : handshakers) {
      WebSocketExtensionData data = handshaker.newRequestData();
      value.append(value.length() == 0 ? "" : ", ").append(data.name());
      for (Map.Entry<String, String> p : data.parameters().entrySet()) {
        value.append("; ").append(p.getKey());
        if (p.getValue() != null) {
          value.append('=').append(p.getValue());
        }
      }
    }
    return value.toString();
  }

  /** Whether {@code name} is one of the three (names are case-sensitive, as Netty reads them). */
  static boolean isKnown(String name) {
    return PERMESSAGE_DEFLATE.equals(name) || DEFLATE_FRAME.equals(name)
        || X_WEBKIT_DEFLATE_FRAME.equals(name);
  }

  /**
   * The extension as the server accepted it, or null when its parameters are not acceptable. As in
   * Netty's client extension handler, the first handshaker that accepts the answer wins.
   */
  static @Nullable WebSocketClientExtension accept(
      WebSocketExtensionData answer, int maxInflatedFrameSize) {
    for (WebSocketClientExtensionHandshaker handshaker : handshakers(maxInflatedFrameSize)) {
      WebSocketClientExtension extension = handshaker.handshakeExtension(answer);
      if (extension != null) {
        return extension;
      }
    }
    return null;
  }
}
