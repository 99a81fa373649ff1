package org.asynchttpclient.request.body.multipart;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.asynchttpclient.request.body.BodyDrain.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asynchttpclient.Param;
import org.asynchttpclient.request.body.Body.BodyState;
import org.asynchttpclient.request.body.BodyDrain.SlowChannel;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultipartBodyTest {

  @TempDir Path dir;
  private File textFile;

  @BeforeEach
  void writeFile() throws IOException {
    textFile = Files.write(dir.resolve("hello.txt"), "Hello, file!".getBytes(UTF_8)).toFile();
  }

  private static HttpHeaders contentType(String value) {
    return new DefaultHttpHeaders().set(HttpHeaderNames.CONTENT_TYPE, value);
  }

  private List<Part> threeParts() {
    List<Part> parts = new ArrayList<>();
    parts.add(new StringPart("field", "value"));
    parts.add(
        new ByteArrayPart(
            "bytes", "binary!".getBytes(UTF_8), "application/octet-stream", null, "data.bin"));
    parts.add(new FilePart("file", textFile));
    return parts;
  }

  private static final String EXPECTED_THREE_PARTS =
      "--XyZ\r\n"
          + "Content-Disposition: form-data; name=\"field\"\r\n"
          + "\r\n"
          + "value\r\n"
          + "--XyZ\r\n"
          + "Content-Disposition: form-data; name=\"bytes\"; filename=\"data.bin\"\r\n"
          + "Content-Type: application/octet-stream\r\n"
          + "\r\n"
          + "binary!\r\n"
          + "--XyZ\r\n"
          + "Content-Disposition: form-data; name=\"file\"; filename=\"hello.txt\"\r\n"
          + "Content-Type: text/plain\r\n"
          + "\r\n"
          + "Hello, file!\r\n"
          + "--XyZ--\r\n";

  @Test
  void encodesStringByteArrayAndFilePartsExactly() throws Exception {
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            threeParts(), contentType("multipart/form-data; boundary=XyZ"))) {
      assertEquals("multipart/form-data; boundary=XyZ", body.getContentType());
      assertEquals("XyZ", new String(body.getBoundary(), ISO_8859_1));
      byte[] produced = drain(body, 7);
      assertEquals(EXPECTED_THREE_PARTS, new String(produced, UTF_8));
      assertEquals(produced.length, body.getContentLength());
    }
  }

  @Test
  void channelTransferMatchesBufferTransfer() throws Exception {
    try (MultipartBody viaBuffers =
            MultipartUtils.newMultipartBody(
                threeParts(), contentType("multipart/form-data; boundary=XyZ"));
        MultipartBody viaChannel =
            MultipartUtils.newMultipartBody(
                threeParts(), contentType("multipart/form-data; boundary=XyZ"))) {
      byte[] fromBuffers = drain(viaBuffers, 5);
      byte[] fromChannel = drain(viaChannel, new SlowChannel(3));
      assertArrayEquals(fromBuffers, fromChannel);
      assertEquals(EXPECTED_THREE_PARTS, new String(fromChannel, UTF_8));
    }
  }

  @Test
  void generatedBoundaryEncodesPartsThatParseBack() throws Exception {
    byte[] binary = new byte[5000];
    for (int i = 0; i < binary.length; i++) {
      binary[i] = (byte) (i * 7);
    }
    File binaryFile = Files.write(dir.resolve("blob.png"), binary).toFile();
    List<Part> parts = new ArrayList<>();
    parts.add(new StringPart("greeting", "caf\u00e9", "text/plain"));
    parts.add(new FilePart("picture", binaryFile));
    try (MultipartBody body = MultipartUtils.newMultipartBody(parts, new DefaultHttpHeaders())) {
      Matcher matcher =
          Pattern.compile("multipart/form-data; boundary=([-_0-9a-zA-Z]{30,40})")
              .matcher(body.getContentType());
      assertTrue(matcher.matches(), body.getContentType());
      String boundary = matcher.group(1);
      assertEquals(boundary, new String(body.getBoundary(), ISO_8859_1));

      byte[] produced = drain(body, 64);
      assertEquals(produced.length, body.getContentLength());

      List<ParsedPart> parsed = ParsedPart.parse(produced, boundary);
      assertEquals(2, parsed.size());
      assertEquals("form-data; name=\"greeting\"", parsed.get(0).headers.get("Content-Disposition"));
      assertEquals("text/plain; charset=UTF-8", parsed.get(0).headers.get("Content-Type"));
      assertEquals("caf\u00e9", new String(parsed.get(0).content, UTF_8));
      assertEquals(
          "form-data; name=\"picture\"; filename=\"blob.png\"",
          parsed.get(1).headers.get("Content-Disposition"));
      assertEquals("image/png", parsed.get(1).headers.get("Content-Type"));
      assertArrayEquals(binary, parsed.get(1).content);
    }
  }

  @Test
  void keepsExistingMultipartSubtypeAndAddsBoundary() throws Exception {
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(new StringPart("a", "b")), contentType("multipart/related; type=text/xml"))) {
      assertTrue(
          body.getContentType()
              .matches("multipart/related; type=text/xml; boundary=[-_0-9a-zA-Z]{30,40}"),
          body.getContentType());
    }
  }

  @Test
  void readsAQuotedBoundaryFollowedByAnotherParameter() throws Exception {
    String header = "multipart/mixed; boundary=\"q b\"; charset=UTF-8";
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(List.of(new StringPart("a", "b")), contentType(header))) {
      assertEquals(header, body.getContentType());
      assertEquals(
          "--q b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--q b--\r\n",
          new String(drain(body, 100), UTF_8));
    }
  }

  @Test
  void replacesANonMultipartContentType() throws Exception {
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(new StringPart("a", "b")), contentType("application/json"))) {
      assertTrue(body.getContentType().startsWith("multipart/form-data; boundary="));
    }
  }

  @Test
  void escapesQuotesAndLineBreaksInNamesAndFileNames() throws Exception {
    // A name or file name often comes from outside (an uploaded file's name): escaped, it cannot
    // close its quoted parameter nor start a header of its own.
    Part part =
        new ByteArrayPart(
            "fi\"eld\r\nX-Injected: 1", "x".getBytes(UTF_8), "text/plain", null, "a\"b\r\n.txt");
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(part), contentType("multipart/form-data; boundary=B"))) {
      assertEquals(
          "--B\r\n"
              + "Content-Disposition: form-data; name=\"fi%22eld%0D%0AX-Injected: 1\";"
              + " filename=\"a%22b%0D%0A.txt\"\r\n"
              + "Content-Type: text/plain\r\n"
              + "\r\n"
              + "x\r\n"
              + "--B--\r\n",
          new String(drain(body, 16), UTF_8));
    }
  }

  @Test
  void refusesLineBreaksInHeaderValuesWrittenAsTheyAre() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new StringPart("a", "b", "text/plain\r\nX-Evil: 1"));
    assertEquals(
        "contentType: \"text/plain\\r\\nX-Evil: 1\" (expected no CR or LF characters)",
        e.getMessage());
    StringPart part = new StringPart("a", "b");
    assertThrows(IllegalArgumentException.class, () -> part.setDispositionType("x\r"));
    assertThrows(IllegalArgumentException.class, () -> part.addCustomHeader("X-Note", "v\n"));
  }

  @Test
  void theCallThatWritesTheLastBytesSaysStop() throws Exception {
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            threeParts(), contentType("multipart/form-data; boundary=XyZ"))) {
      ByteBuf whole = Unpooled.buffer(EXPECTED_THREE_PARTS.length() + 64);
      try {
        assertEquals(BodyState.STOP, body.transferTo(whole));
        assertEquals(EXPECTED_THREE_PARTS, whole.toString(UTF_8));
        assertEquals(body.getContentLength(), whole.readableBytes());
        whole.clear();
        assertEquals(BodyState.STOP, body.transferTo(whole));
        assertEquals(0, whole.readableBytes());
      } finally {
        whole.release();
      }
    }
    // A buffer the body fills exactly: the call that writes the closing delimiter's last byte says
    // STOP, though the buffer has no room left to learn that from another call.
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            threeParts(), contentType("multipart/form-data; boundary=XyZ"))) {
      ByteBuf chunk = Unpooled.buffer(EXPECTED_THREE_PARTS.length(), EXPECTED_THREE_PARTS.length());
      try {
        assertEquals(BodyState.STOP, body.transferTo(chunk));
        assertEquals(EXPECTED_THREE_PARTS.length(), chunk.readableBytes());
      } finally {
        chunk.release();
      }
    }
  }

  @Test
  void refusesALineBreakInACustomHeaderSetAsAList() {
    StringPart part = new StringPart("a", "b");
    part.setCustomHeaders(new ArrayList<>(List.of(new Param("X-Note", "one\r\nX-Evil: 1"))));
    assertThrows(
        IllegalArgumentException.class,
        () -> MultipartUtils.newMultipartBody(List.of(part), new DefaultHttpHeaders()));
  }

  @Test
  void writesContentIdTransferEncodingAndCustomHeaders() throws Exception {
    StringPart part = new StringPart("a", "b", "text/plain", UTF_8, "<id@x>", "8bit");
    part.addCustomHeader("X-Note", "n1");
    part.setDispositionType("attachment");
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(List.of(part), contentType("multipart/form-data; boundary=B"))) {
      assertEquals(
          "--B\r\n"
              + "Content-Disposition: attachment; name=\"a\"\r\n"
              + "Content-Type: text/plain; charset=UTF-8\r\n"
              + "Content-Transfer-Encoding: 8bit\r\n"
              + "Content-ID: <id@x>\r\n"
              + "X-Note: n1\r\n"
              + "\r\n"
              + "b\r\n"
              + "--B--\r\n",
          new String(drain(body, 9), UTF_8));
    }
  }


  @Test
  void escapesQuotesInNames() throws Exception {
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(new ByteArrayPart("say \"hi\"", new byte[0], "text/plain", null, "a\"b.txt")),
            contentType("multipart/form-data; boundary=B"))) {
      assertEquals(
          "--B\r\n"
              + "Content-Disposition: form-data; name=\"say %22hi%22\"; filename=\"a%22b.txt\"\r\n"
              + "Content-Type: text/plain\r\n"
              + "\r\n"
              + "\r\n"
              + "--B--\r\n",
          new String(drain(body, 8), UTF_8));
    }
  }

  @Test
  void streamPartWithoutLengthMakesTheLengthUnknownAndClosesTheStream() throws Exception {
    boolean[] closed = {false};
    ByteArrayInputStream stream =
        new ByteArrayInputStream("streamed content".getBytes(UTF_8)) {
          @Override
          public void close() throws IOException {
            closed[0] = true;
            super.close();
          }
        };
    MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(new InputStreamPart("s", stream, "s.txt")),
            contentType("multipart/form-data; boundary=B"));
    assertEquals(-1, body.getContentLength());
    assertEquals(
        "--B\r\n"
            + "Content-Disposition: form-data; name=\"s\"; filename=\"s.txt\"\r\n"
            + "Content-Type: text/plain\r\n"
            + "\r\n"
            + "streamed content\r\n"
            + "--B--\r\n",
        new String(drain(body, 7), UTF_8));
    assertFalse(closed[0]);
    body.close();
    assertTrue(closed[0]);
  }

  @Test
  void streamPartWithLengthThroughASlowChannel() throws Exception {
    byte[] content = new byte[20000];
    Arrays.fill(content, (byte) 'z');
    try (MultipartBody body =
        MultipartUtils.newMultipartBody(
            List.of(
                new InputStreamPart(
                    "s", new ByteArrayInputStream(content), null, content.length, "x/y")),
            contentType("multipart/form-data; boundary=B"))) {
      String head = "--B\r\nContent-Disposition: form-data; name=\"s\"\r\nContent-Type: x/y\r\n\r\n";
      String tail = "\r\n--B--\r\n";
      assertEquals(head.length() + content.length + tail.length(), body.getContentLength());
      byte[] produced = drain(body, new SlowChannel(777));
      assertEquals(body.getContentLength(), produced.length);
      assertEquals(head, new String(produced, 0, head.length(), UTF_8));
      assertArrayEquals(
          content, Arrays.copyOfRange(produced, head.length(), head.length() + content.length));
      assertEquals(tail, new String(produced, produced.length - tail.length(), tail.length(), UTF_8));
    }
  }

  @Test
  void refusesUnknownPartTypes() {
    Part custom = new PartBase("x", null, null, null, null) {};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MultipartUtils.newMultipartBody(List.of(custom), new DefaultHttpHeaders()));
    assertTrue(String.valueOf(e.getMessage()).startsWith("part: "), e.getMessage());
  }

  @Test
  void transfersNothingAfterClose() throws Exception {
    MultipartBody body =
        MultipartUtils.newMultipartBody(threeParts(), contentType("multipart/form-data; boundary=B"));
    body.close();
    body.close();
    assertEquals(0, drain(body, 16).length);
    assertEquals(-1, body.transferTo(new SlowChannel(4)));
  }

  /** A minimal multipart parser: enough to check that what we encode reads back. */
  private static final class ParsedPart {
    final Map<String, String> headers = new LinkedHashMap<>();
    byte[] content = new byte[0];

    static List<ParsedPart> parse(byte[] body, String boundary) {
      String text = new String(body, ISO_8859_1);
      String delimiter = "--" + boundary;
      assertTrue(text.startsWith(delimiter + "\r\n"), "body starts with the first delimiter");
      assertTrue(text.endsWith("\r\n" + delimiter + "--\r\n"), "body ends with the closing delimiter");
      String inner = text.substring(delimiter.length() + 2, text.length() - delimiter.length() - 6);
      List<ParsedPart> parts = new ArrayList<>();
      for (String raw : inner.split(Pattern.quote("\r\n" + delimiter + "\r\n"), -1)) {
        ParsedPart part = new ParsedPart();
        int endOfHeaders = raw.indexOf("\r\n\r\n");
        for (String line : raw.substring(0, endOfHeaders).split("\r\n")) {
          int colon = line.indexOf(": ");
          part.headers.put(
              line.substring(0, colon),
              new String(line.substring(colon + 2).getBytes(ISO_8859_1), UTF_8));
        }
        part.content = raw.substring(endOfHeaders + 4).getBytes(ISO_8859_1);
        parts.add(part);
      }
      return parts;
    }
  }
}
