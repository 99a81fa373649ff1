package org.asynchttpclient.request.body.multipart;

import java.nio.charset.Charset;
import org.jetbrains.annotations.Nullable;

/**
 * A part carrying file-like content, sent with a {@code filename} parameter. When no content type is
 * given it is guessed from the file name's extension, defaulting to
 * {@code application/octet-stream}. The file name is sent as a quoted parameter with {@code "}, CR
 * and LF percent-escaped ({@code %22}, {@code %0D}, {@code %0A}), as AHC 3.0.12 does.
 */
public abstract class FileLikePart extends PartBase {

  private final @Nullable String fileName;

  /**
   * Creates a part.
   *
   * @param name the form field name, or null
   * @param contentType the content type, or null to guess it from {@code fileName}
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name sent in Content-Disposition, or null for none
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  protected FileLikePart(
      @Nullable String name,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    super(
        name,
        contentType != null ? contentType : MimeTypes.getContentType(fileName),
        charset,
        contentId,
        transferEncoding);
    this.fileName = fileName;
  }

  /** The file name sent in Content-Disposition, or null for none. */
  public @Nullable String getFileName() {
    return fileName;
  }

  @Override
  public String toString() {
    return super.toString() + " filename=" + fileName;
  }
}
