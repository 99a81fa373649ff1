package org.asynchttpclient.util;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** MessageDigestUtils and StringUtils; the expected values are 3.0.11's for the same input. */
class DigestsAndHexTest {
  private static final byte[] SAMPLE = {0, 1, 15, 16, (byte) 0xab, (byte) 0xff};

  @Test
  void hexIsLowerCaseTwoDigitsPerByte() {
    assertEquals("00010f10abff", MessageDigestUtils.bytesToHex(SAMPLE));
    assertEquals("00010f10abff", StringUtils.toHexString(SAMPLE));
    StringBuilder sb = new StringBuilder("p");
    StringUtils.appendBase16(sb, SAMPLE);
    assertEquals("p00010f10abff", sb.toString());
    assertThrows(IllegalArgumentException.class, () -> MessageDigestUtils.bytesToHex(null));
  }

  @Test
  void algorithmNamesAreNormalised() {
    assertEquals("900150983cd24fb0d6963f7d28e17f72", hex(MessageDigestUtils.pooledMessageDigest("md5"), "abc"));
    assertEquals(
        "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
        hex(MessageDigestUtils.pooledMessageDigest("SHA-512_256"), "abc"));
    assertEquals(
        "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
        hex(MessageDigestUtils.pooledSha512_256MessageDigest(), "abc"));
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        hex(MessageDigestUtils.pooledSha256MessageDigest(), "abc"));
    assertEquals("a9993e364706816aba3e25717850c26c9cd0d89d", hex(MessageDigestUtils.pooledMessageDigest("sha1"), "abc"));
    assertEquals("a9993e364706816aba3e25717850c26c9cd0d89d", hex(MessageDigestUtils.pooledSha1MessageDigest(), "abc"));
    assertEquals("SHA-384", MessageDigestUtils.pooledMessageDigest("SHA-384").getAlgorithm());
    assertThrows(IllegalArgumentException.class, () -> MessageDigestUtils.pooledMessageDigest("NOPE"));
  }

  @Test
  void pooledDigestsArePerThreadAndReset() throws Exception {
    MessageDigest md5 = MessageDigestUtils.pooledMd5MessageDigest();
    md5.update("left over".getBytes(ISO_8859_1));
    MessageDigest again = MessageDigestUtils.pooledMessageDigest("MD5");
    assertSame(md5, again);
    assertEquals("900150983cd24fb0d6963f7d28e17f72", hex(again, "abc"));
    MessageDigest other =
        CompletableFuture.supplyAsync(MessageDigestUtils::pooledMd5MessageDigest).get(10, TimeUnit.SECONDS);
    assertNotSame(md5, other);
  }

  @Test
  void charSequencesBecomeBytesInTheCharset() {
    assertArrayEquals(new byte[] {(byte) 0xc3, (byte) 0xa9}, StringUtils.charSequence2Bytes("\u00e9", UTF_8));
    assertArrayEquals(new byte[] {0, 'a'}, StringUtils.charSequence2Bytes(new StringBuilder("a"), UTF_16BE));
    ByteBuffer bb = StringUtils.charSequence2ByteBuffer("xyz", ISO_8859_1);
    bb.get();
    assertArrayEquals(new byte[] {'y', 'z'}, StringUtils.byteBuffer2ByteArray(bb));
    assertEquals(0, bb.remaining());
  }

  private static String hex(MessageDigest md, String input) {
    return MessageDigestUtils.bytesToHex(md.digest(input.getBytes(ISO_8859_1)));
  }
}
