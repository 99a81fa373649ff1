package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.HttpChunkedInput;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A body read from the user's {@link InputStream}, in chunks, on the event loop. The stream is closed when the write
 * ends (either way); a stream never written is left to its owner.
 *
 * <p>Replays (a retry, a 307/308 redirect, a 401/407 answer) work as in 3.0.11: a stream that supports
 * {@link InputStream#markSupported() mark/reset} is {@link InputStream#reset() reset} and sent again (a
 * {@code ByteArrayInputStream} starts over; a stream whose reset fails after the close, such as a
 * {@code BufferedInputStream}, fails the exchange with that {@code IOException}). A stream without mark support is
 * not replayable: the challenge or redirect reaches the handler and a failed connection fails the exchange. (3.0.11
 * sends the head of such a replay without any body, so the exchange hangs until its request timeout.)
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
  public ChannelFuture write(Channel channel, ChannelProgressivePromise promise) {
    if (!written.compareAndSet(false, true)) {
      return channel.newFailedFuture(
          new IllegalStateException("InputStream request body was already written (expected a replayable body)"));
    }
    return channel.writeAndFlush(new HttpChunkedInput(new InputStreamChunkedInput(stream, chunkSize)), promise);
  }

  @Override
  public boolean isReplayable() {
    return stream.markSupported();
  }

  @Override
  public void rewindForReplay() throws IOException {
    if (!stream.markSupported()) {
      throw new IOException(
          "InputStream request body was already sent and " + stream.getClass().getName()
              + " cannot be reset (expected a stream that supports mark/reset)");
    }
    stream.reset();
  }
}
