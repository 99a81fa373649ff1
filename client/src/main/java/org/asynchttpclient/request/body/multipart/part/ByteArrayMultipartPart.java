package org.asynchttpclient.request.body.multipart.part;

import org.asynchttpclient.request.body.multipart.ByteArrayPart;

/** Encodes a {@link ByteArrayPart}. */
public final class ByteArrayMultipartPart extends InMemoryMultipartPart<ByteArrayPart> {

  /**
   * Creates the encoder.
   *
   * @param part the part
   * @param boundary the multipart boundary
   */
  public ByteArrayMultipartPart(ByteArrayPart part, byte[] boundary) {
    super(PartHeaders.encodeHead(boundary, part, part.getFileName()), part.getBytes());
  }
}
