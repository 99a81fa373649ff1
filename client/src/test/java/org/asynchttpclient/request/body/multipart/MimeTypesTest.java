package org.asynchttpclient.request.body.multipart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  @ParameterizedTest
  @CsvSource({
      // file name, the content type 3.0.11 gives it
      "a.js, text/javascript",
      "b.mjs, text/javascript",
      "c.wasm, application/wasm",
      "d.json, application/json",
      "e.csv, text/csv",
      "f.md, application/octet-stream",
      "g.svgz, image/svg+xml",
      "h.class, application/java-vm",
      "i.gz, application/octet-stream",
      "j.tgz, application/octet-stream",
      "k.avi, video/x-msvideo",
      "l.conf, text/plain",
      "m.docx, application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "dir.v2/file, application/octet-stream"
  })
  void sameTableAs3011(String fileName, String contentType) {
    assertEquals(contentType, MimeTypes.getContentType(fileName));
  }
}
