package org.asynchttpclient.netty.ws;

import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import java.nio.charset.StandardCharsets;
import org.jetbrains.annotations.Nullable;

/**
 * The close status codes the client uses (RFC 6455 7.4.1) and the code a failure closes the
 * socket with: a frame over a limit 1009, text that is not UTF-8 (or compressed data that does not
 * inflate) 1007, any other protocol violation 1002; a failure of the transport itself 1006 (no
 * Close frame can be sent); anything else 1011.
 */
final class CloseCodes {
  static final int NORMAL = 1000;
  static final int GOING_AWAY = 1001;
  static final int PROTOCOL_ERROR = 1002;
  static final int NO_STATUS = 1005;
  static final int ABNORMAL = 1006;
  static final int INVALID_PAYLOAD = 1007;
  static final int MESSAGE_TOO_BIG = 1009;
  static final int INTERNAL_ERROR = 1011;

  /** A Close frame's reason is at most 123 bytes of UTF-8 (125 minus the status code). */
  static final int MAX_REASON_BYTES = 123;

  private CloseCodes() {}

  static int forFailure(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CorruptedWebSocketFrameException) {
        return ((CorruptedWebSocketFrameException) t).closeStatus().code();
      }
      if (t instanceof TooLongFrameException) {
        return MESSAGE_TOO_BIG;
      }
      if (t instanceof DecompressionException) {
        // Netty's inflater reports its allocation limit only by this message.
        String message = t.getMessage();
        boolean limit = message != null && message.startsWith("Decompression buffer has reached maximum size");
        return limit ? MESSAGE_TOO_BIG : INVALID_PAYLOAD;
      }
      if (t instanceof io.netty.handler.codec.DecoderException && t.getCause() == null) {
        return PROTOCOL_ERROR;
      }
      if (t instanceof java.io.IOException) {
        return ABNORMAL;
      }
    }
    return INTERNAL_ERROR;
  }

  /** {@code reason} cut to what a Close frame can carry, on a character boundary. */
  static String fitReason(@Nullable String reason) {
    if (reason == null) {
      return "";
    }
    byte[] bytes = reason.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_REASON_BYTES) {
      return reason;
    }
    int end = MAX_REASON_BYTES;
    while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
      end--; // bytes[end] continues a character: cut before that character starts
    }
    return new String(bytes, 0, end, StandardCharsets.UTF_8);
  }
}
