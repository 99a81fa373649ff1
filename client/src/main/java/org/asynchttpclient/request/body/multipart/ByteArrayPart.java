package org.asynchttpclient.request.body.multipart;

import java.nio.charset.Charset;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/**
 * A file-like part whose content is a byte array. The array is not copied: do not change it while a
 * request using it may still be sent.
 */
public class ByteArrayPart extends FileLikePart {

  private final byte[] bytes;

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   */
  public ByteArrayPart(@Nullable String name, byte[] bytes) {
    this(name, bytes, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   * @param contentType the content type, or null to guess it from the file name
   */
  public ByteArrayPart(@Nullable String name, byte[] bytes, @Nullable String contentType) {
    this(name, bytes, contentType, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   */
  public ByteArrayPart(
      @Nullable String name,
      byte[] bytes,
      @Nullable String contentType,
      @Nullable Charset charset) {
    this(name, bytes, contentType, charset, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name, or null for none
   */
  public ByteArrayPart(
      @Nullable String name,
      byte[] bytes,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName) {
    this(name, bytes, contentType, charset, fileName, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name, or null for none
   * @param contentId the Content-ID, or null
   */
  public ByteArrayPart(
      @Nullable String name,
      byte[] bytes,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName,
      @Nullable String contentId) {
    this(name, bytes, contentType, charset, fileName, contentId, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param bytes the content
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name, or null for none
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  public ByteArrayPart(
      @Nullable String name,
      byte[] bytes,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    super(name, contentType, charset, fileName, contentId, transferEncoding);
    this.bytes = Objects.requireNonNull(bytes, "bytes");
  }

  /** The content (not a copy). */
  public byte[] getBytes() {
    return bytes;
  }
}
