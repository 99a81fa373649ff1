package org.asynchttpclient.netty.request.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.IOException;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.generator.FeedListener;
import org.jetbrains.annotations.Nullable;

/**
 * Adapts a {@link Body} to the {@link ChunkedWriteHandler}: each {@link #readChunk} asks the body to fill one buffer.
 *
 * <pre>
 *   CONTINUE with bytes  -> emit them as HttpContent
 *   CONTINUE, no bytes   -> nothing now; poll again on a later loop turn
 *   SUSPEND              -> emit what was produced, if anything; else nothing until someone resumes the writer
 *                           (a feedable generator's listener does)
 *   STOP                 -> emit the remaining bytes as LastHttpContent and end
 * </pre>
 *
 * <p>When the body declares a length, producing more or fewer bytes than declared fails the write rather than
 * sending a head and body that disagree. The body is closed by the writer when the input ends or is discarded.
 *
 * <p>Threads: the chunked writer calls every method on the channel's event loop, except the {@link FeedListener}
 * ones (a feedable generator's: fed content resumes the writer, an error fails it), called on feeder threads.
 */
final class BodyChunkedInput implements ChunkedInput<HttpContent>, FeedListener {
  private final Channel channel;
  private final Body body;
  private final long contentLength;
  private final int chunkSize;

  // Event loop only.
  private boolean ended;
  private long produced;

  // Set by a feeder thread, read on the loop.
  private volatile @Nullable Throwable failure;

  BodyChunkedInput(Channel channel, Body body, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected > 0)");
    }
    this.channel = channel;
    this.body = body;
    this.contentLength = body.getContentLength();
    this.chunkSize = chunkSize;
  }

  @Override
  public void onContentAdded() {
    BodyWrites.resumeChunkedWrites(channel);
  }

  /** Makes the next read fail with {@code cause}, and resumes the writer so the failure is seen. */
  @Override
  public void onError(Throwable cause) {
    failure = cause;
    BodyWrites.resumeChunkedWrites(channel);
  }

  @Override
  public boolean isEndOfInput() {
    return ended;
  }

  @Override
  public void close() throws IOException {
    body.close();
  }

  /** @deprecated kept because {@link ChunkedInput} still declares it; delegates to the allocator variant. */
  @Deprecated
  @Override
  public @Nullable HttpContent readChunk(ChannelHandlerContext ctx) throws Exception {
    return readChunk(ctx.alloc());
  }

  @Override
  public @Nullable HttpContent readChunk(ByteBufAllocator allocator) throws Exception {
    if (ended) {
      return null;
    }
    Throwable cause = failure;
    if (cause != null) {
      throw new IOException("request body generator failed: " + cause, cause);
    }
    ByteBuf buffer = allocator.buffer(chunkSize);
    try {
      Body.BodyState state = body.transferTo(buffer);
      produced += buffer.readableBytes();
      if (contentLength >= 0 && produced > contentLength) {
        throw BodyWrites.notAsDeclared("request body produced", produced, contentLength);
      }
      switch (state) {
        case STOP:
          ended = true;
          if (contentLength >= 0 && produced != contentLength) {
            throw BodyWrites.notAsDeclared("request body ended after", produced, contentLength);
          }
          if (!buffer.isReadable()) {
            buffer.release();
            return LastHttpContent.EMPTY_LAST_CONTENT;
          }
          return new DefaultLastHttpContent(buffer);
        case SUSPEND:
          if (buffer.isReadable()) {
            return new DefaultHttpContent(buffer);
          }
          buffer.release();
          return null;
        case CONTINUE:
        default:
          if (buffer.isReadable()) {
            return new DefaultHttpContent(buffer);
          }
          buffer.release();
          // Returning null suspends the writer; a body that made no progress but is not suspended gets polled
          // again from the task queue, so it cannot monopolise the loop the way an empty chunk would.
          BodyWrites.resumeChunkedWrites(channel);
          return null;
      }
    } catch (Throwable t) {
      if (buffer.refCnt() > 0) {
        buffer.release();
      }
      throw t;
    }
  }

  @Override
  public long length() {
    return contentLength;
  }

  @Override
  public long progress() {
    return produced;
  }
}
