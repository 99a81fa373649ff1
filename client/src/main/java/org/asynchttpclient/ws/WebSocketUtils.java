package org.asynchttpclient.ws;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/** The key and accept values of the WebSocket opening handshake (RFC 6455 4.1, 4.2.2). */
public final class WebSocketUtils {
  /** Appended to the key before hashing, fixed by RFC 6455. */
  private static final String HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  private WebSocketUtils() {}

  /** A fresh {@code Sec-WebSocket-Key}: 16 random bytes, base64. */
  public static String getWebSocketKey() {
    byte[] nonce = new byte[16];
    ThreadLocalRandom.current().nextBytes(nonce);
    return Base64.getEncoder().encodeToString(nonce);
  }

  /** The {@code Sec-WebSocket-Accept} a server must answer {@code key} with. */
  public static String getAcceptKey(String key) {
    MessageDigest sha1;
    try {
      sha1 = MessageDigest.getInstance("SHA-1");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required of every Java platform", e);
    }
    byte[] digest = sha1.digest((key + HANDSHAKE_GUID).getBytes(StandardCharsets.US_ASCII));
    return Base64.getEncoder().encodeToString(digest);
  }
}
