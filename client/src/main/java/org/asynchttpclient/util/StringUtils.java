package org.asynchttpclient.util;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;

/** Conversions between characters, bytes and hexadecimal text. */
public final class StringUtils {

  private static final char[] LOWER_HEX = "0123456789abcdef".toCharArray();

  private StringUtils() {}

  /** {@code cs} encoded in {@code charset}; unmappable characters become the charset's replacement. */
  public static ByteBuffer charSequence2ByteBuffer(CharSequence cs, Charset charset) {
    return charset.encode(CharBuffer.wrap(cs));
  }

  /** The remaining bytes of {@code bb}, which is read to its limit. */
  public static byte[] byteBuffer2ByteArray(ByteBuffer bb) {
    byte[] bytes = new byte[bb.remaining()];
    bb.get(bytes);
    return bytes;
  }

  /** {@code cs} encoded in {@code charset}. */
  public static byte[] charSequence2Bytes(CharSequence cs, Charset charset) {
    return byteBuffer2ByteArray(charSequence2ByteBuffer(cs, charset));
  }

  /** {@code data} as lower-case hexadecimal, two digits per byte. */
  public static String toHexString(byte[] data) {
    StringBuilder sb = new StringBuilder(data.length * 2);
    appendBase16(sb, data);
    return sb.toString();
  }

  /** Appends {@code bytes} to {@code buf} as lower-case hexadecimal, two digits per byte. */
  public static void appendBase16(StringBuilder buf, byte[] bytes) {
    for (byte b : bytes) {
      buf.append(LOWER_HEX[(b >> 4) & 0xf]).append(LOWER_HEX[b & 0xf]);
    }
  }
}
