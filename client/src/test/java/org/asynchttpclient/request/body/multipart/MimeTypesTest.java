package org.asynchttpclient.request.body.multipart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MimeTypesTest {

  @Test
  void guessesFromTheExtensionIgnoringCase() {
    assertEquals("text/plain", MimeTypes.getContentType("notes.txt"));
    assertEquals("image/png", MimeTypes.getContentType("/tmp/dir.v2/PHOTO.PNG"));
    assertEquals("application/json", MimeTypes.getContentType("data.json"));
    assertEquals("image/jpeg", MimeTypes.getContentType("a.jpeg"));
    assertEquals("application/pdf", MimeTypes.getContentType("doc.pdf"));
  }

  @Test
  void defaultsToOctetStream() {
    assertEquals("application/octet-stream", MimeTypes.getContentType(null));
    assertEquals("application/octet-stream", MimeTypes.getContentType(""));
    assertEquals("application/octet-stream", MimeTypes.getContentType("README"));
    assertEquals("application/octet-stream", MimeTypes.getContentType("trailing."));
    assertEquals("application/octet-stream", MimeTypes.getContentType("x.no-such-extension-here"));
  }

  @Test
  void partsUseTheGuessUnlessGivenAType() {
    assertEquals("application/octet-stream", new ByteArrayPart("b", new byte[0]).getContentType());
    assertEquals(
        "text/html",
        new ByteArrayPart("b", new byte[0], null, null, "page.html").getContentType());
    assertEquals(
        "x/custom",
        new ByteArrayPart("b", new byte[0], "x/custom", null, "page.html").getContentType());
  }
}
