package org.asynchttpclient.request.body.multipart;

import java.io.File;
import java.nio.charset.Charset;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/**
 * A file-like part whose content is a file. The file name sent defaults to the file's own name. The
 * length is taken when the part is encoded; if the file shrinks before it is sent, sending fails
 * rather than sending a short part.
 */
public class FilePart extends FileLikePart {

  private final File file;

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   */
  public FilePart(@Nullable String name, File file) {
    this(name, file, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   * @param contentType the content type, or null to guess it from the file name
   */
  public FilePart(@Nullable String name, File file, @Nullable String contentType) {
    this(name, file, contentType, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   */
  public FilePart(
      @Nullable String name, File file, @Nullable String contentType, @Nullable Charset charset) {
    this(name, file, contentType, charset, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name to send, or null for the file's own name
   */
  public FilePart(
      @Nullable String name,
      File file,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName) {
    this(name, file, contentType, charset, fileName, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name to send, or null for the file's own name
   * @param contentId the Content-ID, or null
   */
  public FilePart(
      @Nullable String name,
      File file,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName,
      @Nullable String contentId) {
    this(name, file, contentType, charset, fileName, contentId, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param file the file; must be a readable regular file
   * @param contentType the content type, or null to guess it from the file name
   * @param charset the charset parameter of the content type, or null
   * @param fileName the file name to send, or null for the file's own name
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  public FilePart(
      @Nullable String name,
      File file,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String fileName,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    super(
        name,
        contentType,
        charset,
        fileName != null ? fileName : Objects.requireNonNull(file, "file").getName(),
        contentId,
        transferEncoding);
    this.file = checkReadableFile(file);
  }

  private static File checkReadableFile(File file) {
    Objects.requireNonNull(file, "file");
    if (!file.isFile()) {
      throw new IllegalArgumentException(
          "file: " + file.getAbsolutePath() + " (expected an existing regular file)");
    }
    if (!file.canRead()) {
      throw new IllegalArgumentException(
          "file: " + file.getAbsolutePath() + " (expected a readable file)");
    }
    return file;
  }

  /** The file. */
  public File getFile() {
    return file;
  }
}
