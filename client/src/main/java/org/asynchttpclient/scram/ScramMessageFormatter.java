package org.asynchttpclient.scram;

import java.util.Base64;
import org.jetbrains.annotations.Nullable;

/**
 * Writes the client's SCRAM messages (RFC 5802 section 7, without channel binding: gs2-header
 * {@code n,,}) and the HTTP credentials that carry them (RFC 7804 section 5).
 *
 * <p>Stateless; any thread.
 */
public final class ScramMessageFormatter {
  private ScramMessageFormatter() {}

  /** A saslname: {@code =} becomes {@code =3D} and {@code ,} becomes {@code =2C}. */
  public static String escapeUsername(String username) {
    StringBuilder sb = new StringBuilder(username.length() + 8);
    for (int i = 0; i < username.length(); i++) {
      char c = username.charAt(i);
      if (c == '=') {
        sb.append("=3D");
      } else if (c == ',') {
        sb.append("=2C");
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** client-first-message-bare: {@code n=<user>,r=<client nonce>}. */
  public static String clientFirstMessageBare(String username, String clientNonce) {
    return "n=" + escapeUsername(username) + ",r=" + clientNonce;
  }

  /** client-first-message: the gs2-header {@code n,,} then the bare message. */
  public static String formatClientFirstMessage(String username, String clientNonce) {
    return "n,," + clientFirstMessageBare(username, clientNonce);
  }

  /** client-final-message-without-proof: {@code c=biws} (base64 of {@code n,,}) and the nonce. */
  public static String clientFinalMessageWithoutProof(String fullNonce) {
    return "c=biws,r=" + fullNonce;
  }

  /** client-final-message: the message without proof, then {@code p=<base64 proof>}. */
  public static String formatClientFinalMessage(String fullNonce, byte[] clientProof) {
    return clientFinalMessageWithoutProof(fullNonce) + ",p=" + Base64.getEncoder().encodeToString(clientProof);
  }

  /**
   * The credentials value: {@code <mechanism> [realm="..",] [sid=..,] data="<base64>"}. The realm
   * is quoted with {@code "} and {@code \} escaped; data is quoted as RFC 7804 erratum 6558 says.
   */
  public static String formatAuthorizationHeader(String mechanism, @Nullable String realm, @Nullable String sid,
      String base64Data) {
    StringBuilder sb = new StringBuilder(mechanism).append(' ');
    if (realm != null) {
      sb.append("realm=\"");
      for (int i = 0; i < realm.length(); i++) {
        char c = realm.charAt(i);
        if (c == '"' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
      sb.append("\", ");
    }
    if (sid != null) {
      sb.append("sid=").append(sid).append(", ");
    }
    return sb.append("data=\"").append(base64Data).append('"').toString();
  }
}
