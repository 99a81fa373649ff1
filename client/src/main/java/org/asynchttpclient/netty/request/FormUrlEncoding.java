package org.asynchttpclient.netty.request;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.asynchttpclient.Param;

/**
 * {@code application/x-www-form-urlencoded} as HTML forms send it: names and values are encoded in the request's
 * charset, letters, digits and {@code - . _ *} stay as they are, a space becomes {@code +}, every other byte becomes
 * {@code %XX}; pairs are joined with {@code &}, and a parameter with a null value is sent as its bare name.
 */
final class FormUrlEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private FormUrlEncoding() {}

  static byte[] encode(List<Param> params, Charset charset) {
    StringBuilder sb = new StringBuilder(params.size() * 16);
    for (Param param : params) {
      if (sb.length() > 0) {
        sb.append('&');
      }
      appendEncoded(sb, param.getName(), charset);
      String value = param.getValue();
      if (value != null) {
        sb.append('=');
        appendEncoded(sb, value, charset);
      }
    }
    // Only ASCII remains after encoding.
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  private static void appendEncoded(StringBuilder sb, String s, Charset charset) {
    for (byte b : s.getBytes(charset)) {
      int c = b & 0xff;
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
          || c == '-' || c == '.' || c == '_' || c == '*') {
        sb.append((char) c);
      } else if (c == ' ') {
        sb.append('+');
      } else {
        sb.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
  }
}
