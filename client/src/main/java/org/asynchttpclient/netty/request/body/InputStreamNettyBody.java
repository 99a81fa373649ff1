package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.stream.ChunkedStream;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A body read from the user's {@link InputStream}, in chunks, on the event loop. A stream can be read once, so the
 * body is not replayable: a second write fails. The stream is closed when the write ends (either way); a stream
 * never written is left to its owner.
 *
 * <p>Reads happen on the event loop, as in AHC: a stream that blocks (a pipe, a socket) stalls every channel of that
 * loop. Feed such data through a feedable or reactive body generator instead.
 */
public final class InputStreamNettyBody implements NettyBody {
  private final InputStream stream;
  private final long contentLength;
  private final int chunkSize;
  private final AtomicBoolean written = new AtomicBoolean();

  /**
   * @param contentLength the length announced in the head, or -1 to send the stream chunked
   * @param chunkSize the most bytes read from the stream per chunk
   */
  public InputStreamNettyBody(InputStream stream, long contentLength, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected > 0)");
    }
    this.stream = stream;
    this.contentLength = contentLength < 0 ? -1 : contentLength;
    this.chunkSize = chunkSize;
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public ChannelFuture write(Channel channel) {
    if (!written.compareAndSet(false, true)) {
      return channel.newFailedFuture(
          new IllegalStateException("InputStream request body was already written (expected a replayable body)"));
    }
    // ChunkedStream sizes each chunk by available() after pushing back the byte it read to look
    // for the end: a stream answering 0 (a pipe, a socket, most wrappers) would go out one byte
    // per chunk. Buffering makes available() report what the last fill read.
    return channel.writeAndFlush(
        new HttpChunkedInput(new ChunkedStream(new BufferedInputStream(stream, chunkSize), chunkSize)));
  }

  @Override
  public boolean isReplayable() {
    return false;
  }
}
