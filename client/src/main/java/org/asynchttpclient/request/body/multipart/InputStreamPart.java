package org.asynchttpclient.request.body.multipart;

import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/**
 * A file-like part whose content is read from a stream. The stream is read once and closed when the
 * body is closed, so a request with such a part cannot be replayed. Without a content length the
 * whole multipart body has an unknown length and is sent chunked.
 */
public class InputStreamPart extends FileLikePart {

  private final InputStream inputStream;
  private final long contentLength;

  /**
   * Creates a part of unknown length.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   */
  public InputStreamPart(
      @Nullable String name, InputStream inputStream, @Nullable String fileName) {
    this(name, inputStream, fileName, -1L);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   * @param contentLength the number of bytes the stream provides, or -1 if unknown
   */
  public InputStreamPart(
      @Nullable String name,
      InputStream inputStream,
      @Nullable String fileName,
      long contentLength) {
    this(name, inputStream, fileName, contentLength, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   * @param contentLength the number of bytes the stream provides, or -1 if unknown
   * @param contentType the content type, or null to guess it from the file name
   */
  public InputStreamPart(
      @Nullable String name,
      InputStream inputStream,
      @Nullable String fileName,
      long contentLength,
      @Nullable String contentType) {
    this(name, inputStream, fileName, contentLength, contentType, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   * @param contentLength the number of bytes the stream provides, or -1 if unknown
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   */
  public InputStreamPart(
      @Nullable String name,
      InputStream inputStream,
      @Nullable String fileName,
      long contentLength,
      @Nullable String contentType,
      @Nullable Charset charset) {
    this(name, inputStream, fileName, contentLength, contentType, charset, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   * @param contentLength the number of bytes the stream provides, or -1 if unknown
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param contentId the Content-ID, or null
   */
  public InputStreamPart(
      @Nullable String name,
      InputStream inputStream,
      @Nullable String fileName,
      long contentLength,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String contentId) {
    this(name, inputStream, fileName, contentLength, contentType, charset, contentId, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param inputStream the content
   * @param fileName the file name, or null for none
   * @param contentLength the number of bytes the stream provides, or -1 if unknown
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  public InputStreamPart(
      @Nullable String name,
      InputStream inputStream,
      @Nullable String fileName,
      long contentLength,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    super(name, contentType, charset, fileName, contentId, transferEncoding);
    this.inputStream = Objects.requireNonNull(inputStream, "inputStream");
    if (contentLength < -1) {
      throw new IllegalArgumentException(
          "contentLength: " + contentLength + " (expected >= -1)");
    }
    this.contentLength = contentLength;
  }

  /** The stream the content is read from. */
  public InputStream getInputStream() {
    return inputStream;
  }

  /** The number of bytes the stream provides, or -1 if unknown. */
  public long getContentLength() {
    return contentLength;
  }
}
