package org.asynchttpclient.request.body.generator;

import java.io.File;
import java.util.Objects;
import org.asynchttpclient.request.body.RandomAccessBody;

/**
 * A replayable generator over a file or a region of it. The file is opened by each body when it is
 * first read and closed with the body.
 */
public final class FileBodyGenerator implements BodyGenerator {

  private final File file;
  private final long regionSeek;
  private final long regionLength;

  /**
   * Creates a generator over the whole file, with the length the file has now.
   *
   * @param file the file to send
   */
  public FileBodyGenerator(File file) {
    this(file, 0L, Objects.requireNonNull(file, "file").length());
  }

  /**
   * Creates a generator over {@code regionLength} bytes starting at offset {@code regionSeek}.
   *
   * @param file the file to send
   * @param regionSeek the offset of the first byte
   * @param regionLength the number of bytes
   */
  public FileBodyGenerator(File file, long regionSeek, long regionLength) {
    this.file = Objects.requireNonNull(file, "file");
    if (regionSeek < 0) {
      throw new IllegalArgumentException("regionSeek: " + regionSeek + " (expected >= 0)");
    }
    if (regionLength < 0) {
      throw new IllegalArgumentException("regionLength: " + regionLength + " (expected >= 0)");
    }
    this.regionSeek = regionSeek;
    this.regionLength = regionLength;
  }

  /** The file to send. */
  public File getFile() {
    return file;
  }

  /** The number of bytes to send. */
  public long getRegionLength() {
    return regionLength;
  }

  /** The offset of the first byte to send. */
  public long getRegionSeek() {
    return regionSeek;
  }

  @Override
  public RandomAccessBody createBody() {
    return new FileRegionBody(file, regionSeek, regionLength);
  }
}
