package org.asynchttpclient.netty.ws;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtension;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionData;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketExtensionUtil;
import java.io.IOException;
import java.util.List;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.ws.WebSocketUtils;
import org.jetbrains.annotations.Nullable;

/**
 * Checks a 101 answer to the client's opening handshake (RFC 6455 4.2.2, 4.1 steps 5 to 10, RFC
 * 7692 5): {@code Upgrade: websocket}, {@code Connection} listing {@code upgrade}, the {@code
 * Sec-WebSocket-Accept} of the key sent, at most one extension, one the client offered and can run
 * (a compression extension of {@link CompressionExtensions}, with parameters it accepts), no
 * subprotocol it did not offer. A failure is an {@link IOException} naming the header, its value and
 * what was expected.
 *
 * <p>Thread-safe: stateless.
 */
final class UpgradeResponseCheck {
  private UpgradeResponseCheck() {}

  /**
   * Returns the negotiated compression extension, whose inflater stops at {@code
   * maxInflatedFrameSize} bytes a frame (0: no limit), or null when none was negotiated.
   */
  static @Nullable WebSocketClientExtension check(
      Uri uri, HttpHeaders response, HttpHeaders request, int maxInflatedFrameSize) throws IOException {
    String upgrade = response.get(HttpHeaderNames.UPGRADE);
    if (upgrade == null || !"websocket".equalsIgnoreCase(upgrade.trim())) {
      throw refused(uri, "Upgrade " + quote(upgrade) + " (expected websocket)");
    }
    if (!listsToken(response.getAll(HttpHeaderNames.CONNECTION), "upgrade")) {
      throw refused(uri, "Connection " + quote(response.get(HttpHeaderNames.CONNECTION))
          + " (expected a list with upgrade)");
    }
    String key = request.get(HttpHeaderNames.SEC_WEBSOCKET_KEY);
    String accept = response.get(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT);
    String expected = key == null ? null : WebSocketUtils.getAcceptKey(key);
    if (expected == null || !expected.equals(accept == null ? null : accept.trim())) {
      throw refused(uri, "Sec-WebSocket-Accept " + quote(accept) + " (expected " + quote(expected)
          + ", the answer to the key sent)");
    }
    String chosen = response.get(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL);
    if (chosen != null && !listsToken(request.getAll(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL), chosen.trim())) {
      throw refused(uri, "Sec-WebSocket-Protocol " + quote(chosen) + " (expected one offered: "
          + quote(request.get(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL)) + ")");
    }
    return negotiatedCompression(uri, response, request, maxInflatedFrameSize);
  }

  private static @Nullable WebSocketClientExtension negotiatedCompression(
      Uri uri, HttpHeaders response, HttpHeaders request, int maxInflatedFrameSize) throws IOException {
    String answered = String.join(",", response.getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
    if (answered.trim().isEmpty()) {
      return null;
    }
    String offered = String.join(",", request.getAll(HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS));
    if (offered.trim().isEmpty()) {
      throw refused(uri, "Sec-WebSocket-Extensions " + quote(answered)
          + " (expected none: the client offered none)");
    }
    List<WebSocketExtensionData> extensions = WebSocketExtensionUtil.extractExtensions(answered);
    // Every extension the client can run sets RSV1, so two of them could not share a frame; Netty's
    // client extension handler refuses such an answer too.
    if (extensions.size() != 1 || !offersName(offered, extensions.get(0).name())) {
      throw refused(uri, "Sec-WebSocket-Extensions " + quote(answered)
          + " (expected a single one of those offered: " + quote(offered) + ")");
    }
    String name = extensions.get(0).name();
    if (!CompressionExtensions.isKnown(name)) {
      // The request named it itself: the client can only run the compression extensions.
      throw refused(uri, "Sec-WebSocket-Extensions " + quote(answered) + " (expected "
          + CompressionExtensions.PERMESSAGE_DEFLATE + ", " + CompressionExtensions.DEFLATE_FRAME + " or "
          + CompressionExtensions.X_WEBKIT_DEFLATE_FRAME + ": the client runs no other extension)");
    }
    WebSocketClientExtension extension = CompressionExtensions.accept(extensions.get(0), maxInflatedFrameSize);
    if (extension == null) {
      throw refused(uri, "Sec-WebSocket-Extensions " + quote(answered) + " (expected " + name
          + " with parameters the client offered: " + quote(offered) + ")");
    }
    return extension;
  }

  /** Whether the offer names the extension {@code name} (case-sensitive, as Netty compares names). */
  private static boolean offersName(String offered, String name) {
    for (WebSocketExtensionData data : WebSocketExtensionUtil.extractExtensions(offered)) {
      if (data.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a comma-separated header (possibly repeated) lists {@code token}, ignoring case. */
  private static boolean listsToken(List<String> values, String token) {
    for (String value : values) {
      for (String item : value.split(",")) {
        if (item.trim().equalsIgnoreCase(token)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String quote(@Nullable String value) {
    return value == null ? "absent" : "'" + value + "'";
  }

  private static IOException refused(Uri uri, String what) {
    return new IOException("WebSocket upgrade of " + uri + " refused: " + what);
  }
}
