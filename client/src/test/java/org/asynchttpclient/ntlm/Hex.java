package org.asynchttpclient.ntlm;

/** Hex helpers for the test vectors. */
final class Hex {
  private Hex() {}

  static String of(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length * 2);
    for (byte x : b) {
      sb.append(String.format("%02x", x & 0xff));
    }
    return sb.toString();
  }

  static byte[] parse(String hex) {
    String h = hex.replace(" ", "");
    byte[] out = new byte[h.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
