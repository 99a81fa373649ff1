package org.asynchttpclient.request.body.multipart;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import java.util.Objects;
import org.asynchttpclient.request.body.RandomAccessBody;
import org.asynchttpclient.request.body.multipart.part.MultipartPart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@code multipart/*} body: the encoded parts one after another, the last one being the closing
 * delimiter (see {@link MultipartUtils#generateMultipartParts}). Its length is known unless a part's
 * length is unknown.
 *
 * <p>Used by one thread at a time. {@link #close()} closes every part (files, streams) and may be
 * called more than once.
 */
public class MultipartBody implements RandomAccessBody {

  private static final Logger LOGGER = LoggerFactory.getLogger(MultipartBody.class);

  private final List<MultipartPart<? extends Part>> parts;
  private final String contentType;
  private final byte[] boundary;
  private final long contentLength;

  private int currentPart;
  private boolean closed;

  /**
   * Creates a body over encoded parts.
   *
   * @param parts the encoded parts, ending with the closing delimiter
   * @param contentType the Content-Type of the whole body, with its boundary parameter
   * @param boundary the boundary
   */
  public MultipartBody(
      List<MultipartPart<? extends Part>> parts, String contentType, byte[] boundary) {
    this.parts = Objects.requireNonNull(parts, "parts");
    this.contentType = Objects.requireNonNull(contentType, "contentType");
    this.boundary = Objects.requireNonNull(boundary, "boundary").clone();
    this.contentLength = computeContentLength(parts);
  }

  private static long computeContentLength(List<MultipartPart<? extends Part>> parts) {
    long total = 0;
    for (MultipartPart<? extends Part> part : parts) {
      long length = part.length();
      if (length < 0) {
        return -1L;
      }
      total += length;
    }
    return total;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (MultipartPart<? extends Part> part : parts) {
      try {
        part.close();
      } catch (IOException e) {
        // close() declares no exception (AHC 3.0.11 signature) and the request is over anyway: a
        // file or stream that fails to close is not worth failing it for.
        LOGGER.debug("Failed to close multipart part {}", part, e);
      }
    }
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  /** The Content-Type of the whole body, including the boundary parameter. */
  public String getContentType() {
    return contentType;
  }

  /** A copy of the boundary. */
  public byte[] getBoundary() {
    return boundary.clone();
  }

  /**
   * {@inheritDoc}
   *
   * <p>Returns {@link BodyState#STOP} on the call that writes the body's last bytes, with those
   * bytes in {@code target}, and on every call after that with nothing written.
   */
  @Override
  public BodyState transferTo(ByteBuf target) throws IOException {
    if (isComplete()) {
      return BodyState.STOP;
    }
    while (target.isWritable() && !isComplete()) {
      MultipartPart<? extends Part> part = parts.get(currentPart);
      long copied = part.transferTo(target);
      if (part.isDone()) {
        currentPart++;
      } else if (copied == 0) {
        // The part has nothing available right now (a stream returning no bytes); try later.
        break;
      }
    }
    // The call that finishes the last part says so (AHC 3.0.12): the writer then sends these bytes as
    // the last chunk instead of asking again only to learn that nothing is left.
    return isComplete() ? BodyState.STOP : BodyState.CONTINUE;
  }

  @Override
  public long transferTo(WritableByteChannel target) throws IOException {
    if (isComplete()) {
      return -1L;
    }
    long total = 0;
    while (!isComplete()) {
      MultipartPart<? extends Part> part = parts.get(currentPart);
      total += part.transferTo(target);
      if (!part.isDone()) {
        break;
      }
      currentPart++;
    }
    return total;
  }

  private boolean isComplete() {
    return closed || currentPart == parts.size();
  }
}
