package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import org.asynchttpclient.request.body.Body;

/**
 * A generator over an {@link InputStream}. The stream can be read once only, so requests using this
 * generator cannot be replayed; every body it creates reads the same stream, and closing a body
 * closes the stream.
 *
 * <p>When a content length is given, exactly that many bytes are sent: the body stops reading there,
 * and fails with an {@link EOFException} if the stream ends earlier (upstream AHC silently sent a
 * short body, leaving the server waiting for bytes that never come).
 */
public final class InputStreamBodyGenerator implements BodyGenerator {

  private final InputStream inputStream;
  private final long contentLength;

  /**
   * Creates a generator of unknown length; the body ends where the stream ends.
   *
   * @param inputStream the content
   */
  public InputStreamBodyGenerator(InputStream inputStream) {
    this(inputStream, -1L);
  }

  /**
   * Creates a generator of a known length.
   *
   * @param inputStream the content
   * @param contentLength the number of bytes to send, or -1 if unknown
   */
  public InputStreamBodyGenerator(InputStream inputStream, long contentLength) {
    this.inputStream = Objects.requireNonNull(inputStream, "inputStream");
    if (contentLength < -1) {
      throw new IllegalArgumentException(
          "contentLength: " + contentLength + " (expected >= -1)");
    }
    this.contentLength = contentLength;
  }

  /** The stream this generator reads. */
  public InputStream getInputStream() {
    return inputStream;
  }

  /** The declared length, or -1 if unknown. */
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public Body createBody() {
    return new InputStreamBody(inputStream, contentLength);
  }

  /** Reads the stream straight into the target buffers; used by one thread at a time. */
  static class InputStreamBody implements Body {

    private final InputStream inputStream;
    private final long contentLength;
    private long transferred;
    private boolean done;

    InputStreamBody(InputStream inputStream, long contentLength) {
      this.inputStream = inputStream;
      this.contentLength = contentLength;
    }

    @Override
    public long getContentLength() {
      return contentLength;
    }

    @Override
    public BodyState transferTo(ByteBuf target) throws IOException {
      if (done) {
        return BodyState.STOP;
      }
      long wanted = target.writableBytes();
      if (contentLength >= 0) {
        wanted = Math.min(wanted, contentLength - transferred);
        if (wanted == 0) {
          done = true;
          return BodyState.STOP;
        }
      }
      if (wanted == 0) {
        return BodyState.CONTINUE;
      }
      int read = target.writeBytes(inputStream, (int) wanted);
      if (read < 0) {
        done = true;
        if (contentLength >= 0) {
          throw new EOFException(
              "input stream ended after " + transferred + " bytes (expected " + contentLength + ")");
        }
        return BodyState.STOP;
      }
      transferred += read;
      return BodyState.CONTINUE;
    }

    @Override
    public void close() throws IOException {
      done = true;
      inputStream.close();
    }
  }
}
