package org.asynchttpclient.request.body.multipart.part;

import io.netty.buffer.ByteBuf;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.multipart.InputStreamPart;

/**
 * Encodes an {@link InputStreamPart}. With a known length exactly that many bytes are sent, and a
 * stream that ends early fails the transfer with an {@link EOFException}; with an unknown length the
 * content ends where the stream ends. The stream is closed when the part is closed.
 */
public final class InputStreamMultipartPart extends MultipartPart<InputStreamPart> {

  private static final int CHUNK_SIZE = 8192;

  private final InputStream inputStream;
  private final long length;
  private long position;
  private boolean ended;
  // Bytes read from the stream that the channel did not accept yet; empty when none.
  private final ByteBuffer pending = ByteBuffer.allocate(CHUNK_SIZE).flip();

  /**
   * Creates the encoder.
   *
   * @param part the part
   * @param boundary the multipart boundary
   */
  public InputStreamMultipartPart(InputStreamPart part, byte[] boundary) {
    super(PartHeaders.encodeHead(boundary, part, part.getFileName()), PartHeaders.CRLF);
    this.inputStream = part.getInputStream();
    this.length = part.getContentLength();
  }

  @Override
  protected long contentLength() {
    return length;
  }

  @Override
  protected boolean isContentComplete() {
    return !pending.hasRemaining() && (ended || position == length);
  }

  @Override
  protected int transferContentTo(ByteBuf target) throws IOException {
    int wanted = target.writableBytes();
    if (length >= 0) {
      wanted = (int) Math.min(wanted, length - position);
    }
    if (wanted == 0) {
      return 0;
    }
    int read = target.writeBytes(inputStream, wanted);
    return (int) accountFor(read);
  }

  @Override
  protected long transferContentTo(WritableByteChannel target) throws IOException {
    if (!pending.hasRemaining()) {
      int wanted = CHUNK_SIZE;
      if (length >= 0) {
        wanted = (int) Math.min(wanted, length - position);
      }
      pending.clear();
      int read = inputStream.read(pending.array(), 0, wanted);
      pending.limit(Math.max(read, 0));
      if (accountFor(read) == 0) {
        return 0L;
      }
    }
    return target.write(pending);
  }

  /** Records {@code read} bytes taken from the stream (-1 at its end); returns the count taken. */
  private long accountFor(int read) throws IOException {
    if (read < 0) {
      if (length >= 0 && position < length) {
        throw new EOFException(
            "input stream ended after " + position + " bytes (expected " + length + ")");
      }
      ended = true;
      return 0L;
    }
    position += read;
    return read;
  }

  @Override
  public void close() throws IOException {
    inputStream.close();
  }
}
