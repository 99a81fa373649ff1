package org.asynchttpclient.netty.ws;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes a text message fragment by fragment. A fragment boundary may fall inside a multi-byte
 * UTF-8 character; its first bytes are carried over and decoded with the next fragment, so each
 * fragment's string holds whole characters (AHC 3.0.11 decoded each fragment alone and turned a
 * split character into replacement characters). The bytes are valid UTF-8 already: the pipeline
 * validates text before it gets here.
 *
 * <p>Threads: confined to the socket's event loop.
 */
final class TextFragments {
  private static final byte[] NONE = new byte[0];

  // loop-confined
  private byte[] carried = NONE;

  /** The characters of {@code fragment}, with the bytes carried from the previous one. */
  String decode(ByteBuf fragment, boolean lastOfMessage) {
    int size = fragment.readableBytes();
    byte[] bytes = Arrays.copyOf(carried, carried.length + size);
    fragment.getBytes(fragment.readerIndex(), bytes, carried.length, size);
    int complete = lastOfMessage ? bytes.length : completeLength(bytes);
    carried = complete < bytes.length ? Arrays.copyOfRange(bytes, complete, bytes.length) : NONE;
    return new String(bytes, 0, complete, StandardCharsets.UTF_8);
  }

  /** Forgets carried bytes: a new message starts. */
  void reset() {
    carried = NONE;
  }

  /** How many leading bytes of {@code bytes} end on a character boundary. */
  static int completeLength(byte[] bytes) {
    // A UTF-8 character is at most 4 bytes: only the last 3 can belong to an unfinished one.
    for (int i = bytes.length - 1; i >= 0 && i >= bytes.length - 3; i--) {
      int b = bytes[i] & 0xFF;
      if ((b & 0xC0) != 0x80) { // not a continuation byte: the start of the last character
        int length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
        return i + length <= bytes.length ? bytes.length : i;
      }
    }
    return bytes.length;
  }
}
