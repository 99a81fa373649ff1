package org.asynchttpclient.request.body.multipart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MimeTypesTest {

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

  /** One table, so the guesses, the defaults and 3.0.11's own entries are checked alike. */
  @ParameterizedTest
  @CsvSource({
      // file name, the content type 3.0.11 gives it
      // the guess is from the extension, whatever its case and the dots before it
      "notes.txt, text/plain",
      "/tmp/dir.v2/PHOTO.PNG, image/png",
      "data.json, application/json",
      "a.jpeg, image/jpeg",
      "doc.pdf, application/pdf",
      // no name, no extension or an unknown one: octet-stream (an empty first column is null)
      ", application/octet-stream",
      "'', application/octet-stream",
      "README, application/octet-stream",
      "trailing., application/octet-stream",
      "x.no-such-extension-here, application/octet-stream",
      // 3.0.11's own table
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
  void sameTableAs3011(@Nullable String fileName, String contentType) {
    assertEquals(contentType, MimeTypes.getContentType(fileName));
  }
}
