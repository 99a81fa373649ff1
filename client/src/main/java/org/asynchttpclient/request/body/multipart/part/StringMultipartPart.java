package org.asynchttpclient.request.body.multipart.part;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.charset.Charset;
import org.asynchttpclient.request.body.multipart.StringPart;

/** Encodes a {@link StringPart}: its value in the part's charset (UTF-8 if none). */
public final class StringMultipartPart extends InMemoryMultipartPart<StringPart> {

  /**
   * Creates the encoder.
   *
   * @param part the part
   * @param boundary the multipart boundary
   */
  public StringMultipartPart(StringPart part, byte[] boundary) {
    super(PartHeaders.encodeHead(boundary, part, null), encode(part));
  }

  private static byte[] encode(StringPart part) {
    Charset charset = part.getCharset();
    return part.getValue().getBytes(charset != null ? charset : UTF_8);
  }
}
