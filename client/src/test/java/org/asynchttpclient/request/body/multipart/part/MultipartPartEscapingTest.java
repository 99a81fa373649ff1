package org.asynchttpclient.request.body.multipart.part;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MultipartPartEscapingTest {

  @Test
  void aCleanValueComesBackAsTheSameInstance() {
    String clean = "report 2026 (final).pdf";
    assertSame(clean, MultipartPart.escapeQuotedString(clean));
  }

  @Test
  void quoteCrAndLfArePercentEscapedWhereverTheyAre() {
    assertEquals("%22a%22", MultipartPart.escapeQuotedString("\"a\""));
    assertEquals("x%0D%0Ay%0A", MultipartPart.escapeQuotedString("x\r\ny\n"));
    assertEquals("%0D", MultipartPart.escapeQuotedString("\r"));
  }

  @Test
  void headerBytesAreAsciiAndRefuseLineBreaks() {
    assertArrayEquals(new byte[] {'t', '/', 'p'}, MultipartPart.asciiHeaderBytes("t/p"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MultipartPart.asciiHeaderBytes("a\nb"));
    assertEquals(
        "multipart part header: \"a\\nb\" (expected no CR or LF characters)", e.getMessage());
  }
}
