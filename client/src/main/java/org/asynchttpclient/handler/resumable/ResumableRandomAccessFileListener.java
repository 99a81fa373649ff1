package org.asynchttpclient.handler.resumable;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import org.asynchttpclient.util.MiscUtils;

/**
 * Stores a download in a {@link RandomAccessFile}: each part is appended at the file's end, so a
 * resumed download continues where the file stops, and {@link #length()} (the file's length) is the
 * offset it resumes from. The file is closed when the body is complete.
 */
public class ResumableRandomAccessFileListener implements ResumableListener {

  // immutable
  private final RandomAccessFile file;

  public ResumableRandomAccessFileListener(RandomAccessFile file) {
    this.file = file;
  }

  /** Appends the buffer's remaining bytes to the file; the buffer's position is left where it was. */
  @Override
  public void onBytesReceived(ByteBuffer buffer) throws IOException {
    file.seek(file.length());
    if (buffer.hasArray()) {
      file.write(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    } else {
      // A direct buffer: copy out through a duplicate, so the caller's position does not move.
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      file.write(bytes);
    }
  }

  @Override
  public void onAllBytesReceived() {
    MiscUtils.closeSilently(file);
  }

  /** The file's length, or -1 when it cannot be read (for example once the file is closed). */
  @Override
  public long length() {
    try {
      return file.length();
    } catch (IOException e) {
      return -1;
    }
  }
}
