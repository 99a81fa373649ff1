package org.asynchttpclient.ws;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;

/** The key and accept values of the WebSocket opening handshake (RFC 6455 4.1, 4.2.2). */
public final class WebSocketUtils {
  /** Appended to the key before hashing, fixed by RFC 6455. */
  private static final String HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  /**
   * Where keys come from: RFC 6455 wants the nonce chosen randomly (a proxy must not be able to guess
   * it), and AHC 3.0.12 uses a SecureRandom. Thread-safe. Package-private for a test.
   */
  static final Random KEY_RANDOM = new SecureRandom();

  private WebSocketUtils() {}

  /** A fresh {@code Sec-WebSocket-Key}: 16 bytes from a {@link SecureRandom}, base64. */
  public static String getWebSocketKey() {
    byte[] nonce = new byte[16];
    KEY_RANDOM.nextBytes(nonce);
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
