package org.asynchttpclient.request.body.multipart.part;

import io.netty.buffer.ByteBuf;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.StandardOpenOption;
import org.asynchttpclient.request.body.multipart.FilePart;
import org.jetbrains.annotations.Nullable;

/**
 * Encodes a {@link FilePart}. The length is the file's length when the encoder is created; the file
 * is opened on the first content transfer and closed once read or when the part is closed. A file
 * that shrank in between fails the transfer with an {@link EOFException} instead of sending fewer
 * bytes than announced.
 */
public final class FileMultipartPart extends MultipartPart<FilePart> {

  private final File file;
  private final long length;
  private long position;
  private @Nullable FileChannel channel;

  /**
   * Creates the encoder.
   *
   * @param part the part
   * @param boundary the multipart boundary
   */
  public FileMultipartPart(FilePart part, byte[] boundary) {
    super(PartHeaders.encodeHead(boundary, part, part.getFileName()), PartHeaders.CRLF);
    this.file = part.getFile();
    this.length = file.length();
  }

  @Override
  protected long contentLength() {
    return length;
  }

  @Override
  protected boolean isContentComplete() {
    return position == length;
  }

  @Override
  protected int transferContentTo(ByteBuf target) throws IOException {
    int wanted = (int) Math.min(length - position, target.writableBytes());
    int read = target.writeBytes(channel(), position, wanted);
    if (read < 0) {
      throw prematureEnd();
    }
    advance(read);
    return read;
  }

  @Override
  protected long transferContentTo(WritableByteChannel target) throws IOException {
    FileChannel source = channel();
    long written = source.transferTo(position, length - position, target);
    if (written == 0 && source.size() <= position) {
      throw prematureEnd();
    }
    advance(written);
    return written;
  }

  private void advance(long count) throws IOException {
    position += count;
    if (position == length) {
      close();
    }
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
        "file " + file + " ended after " + position + " bytes (expected " + length + ")");
  }

  @Override
  public void close() throws IOException {
    FileChannel current = channel;
    channel = null;
    if (current != null) {
      current.close();
    }
  }
}
