package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.StandardOpenOption;
import org.asynchttpclient.request.body.RandomAccessBody;
import org.jetbrains.annotations.Nullable;

/**
 * A body over a region of a file. The channel is opened on the first transfer, so a body that is
 * never written holds no file handle. Used by one thread at a time.
 *
 * <p>If the file is shorter than the region when read, the transfer fails with an
 * {@link EOFException} rather than sending fewer bytes than the announced length.
 */
final class FileRegionBody implements RandomAccessBody {

  private final File file;
  private final long start;
  private final long length;

  private long transferred;
  private @Nullable FileChannel channel;
  private boolean closed;

  FileRegionBody(File file, long start, long length) {
    this.file = file;
    this.start = start;
    this.length = length;
  }

  @Override
  public long getContentLength() {
    return length;
  }

  @Override
  public BodyState transferTo(ByteBuf target) throws IOException {
    long remaining = length - transferred;
    if (remaining == 0 || closed) {
      return BodyState.STOP;
    }
    int wanted = (int) Math.min(remaining, target.writableBytes());
    if (wanted == 0) {
      return BodyState.CONTINUE;
    }
    int read = target.writeBytes(channel(), start + transferred, wanted);
    if (read < 0) {
      throw prematureEnd();
    }
    transferred += read;
    return BodyState.CONTINUE;
  }

  @Override
  public long transferTo(WritableByteChannel target) throws IOException {
    long remaining = length - transferred;
    if (remaining == 0 || closed) {
      return -1L;
    }
    FileChannel source = channel();
    long written = source.transferTo(start + transferred, remaining, target);
    if (written == 0 && source.size() <= start + transferred) {
      throw prematureEnd();
    }
    transferred += written;
    return written;
  }

  private FileChannel channel() throws IOException {
    FileChannel current = channel;
    if (current == null) {
      current = FileChannel.open(file.toPath(), StandardOpenOption.READ);
      channel = current;
    }
    return current;
  }

  private EOFException prematureEnd() {
    return new EOFException(
        "file "
            + file
            + " ended after "
            + (start + transferred)
            + " bytes (expected a region of "
            + length
            + " bytes at offset "
            + start
            + ")");
  }

  @Override
  public void close() throws IOException {
    closed = true;
    FileChannel current = channel;
    channel = null;
    if (current != null) {
      current.close();
    }
  }
}
