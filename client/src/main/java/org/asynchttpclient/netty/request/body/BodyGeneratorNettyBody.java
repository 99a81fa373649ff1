package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.request.body.Body;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.generator.FeedableBodyGenerator;
import org.jetbrains.annotations.Nullable;

/**
 * A body pulled from a {@link BodyGenerator}'s {@link Body} through the chunked writer.
 *
 * <p>The first {@link Body} is created when this object is built, to learn the length for the head. A replayable
 * generator (one whose {@code createBody()} starts over, such as a byte array or file generator) gets a fresh
 * {@code Body} for every later write; any other generator can be written once.
 *
 * <p>For a {@link FeedableBodyGenerator} the writer suspends when the queue runs dry, and the generator's listener
 * resumes it when content is fed; an error reported to the listener fails the write.
 */
public final class BodyGeneratorNettyBody implements NettyBody {
  private final BodyGenerator generator;
  private final boolean replayable;
  private final int chunkSize;
  private final long contentLength;
  // The body created up front, until a write takes it or release() closes it; any thread.
  private final AtomicReference<@Nullable Body> unusedBody;
  private final AtomicBoolean written = new AtomicBoolean();

  /**
   * @param replayable whether {@code generator.createBody()} yields the same bytes every time
   * @param chunkSize the buffer size offered to {@link Body#transferTo} per chunk
   */
  public BodyGeneratorNettyBody(BodyGenerator generator, boolean replayable, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected > 0)");
    }
    this.generator = generator;
    this.replayable = replayable;
    this.chunkSize = chunkSize;
    Body first = generator.createBody();
    this.contentLength = first.getContentLength() < 0 ? -1 : first.getContentLength();
    this.unusedBody = new AtomicReference<>(first);
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise promise) {
    if (written.getAndSet(true) && !replayable) {
      return channel.newFailedFuture(new IllegalStateException(
          "request body of " + generator.getClass().getName() + " was already written (expected a replayable body)"));
    }
    Body body = unusedBody.getAndSet(null);
    if (body == null) {
      try {
        body = generator.createBody();
      } catch (RuntimeException e) {
        return channel.newFailedFuture(e);
      }
    }
    BodyChunkedInput input = new BodyChunkedInput(channel, body, chunkSize);
    if (generator instanceof FeedableBodyGenerator) {
      // Registered before the input is queued: content fed from now on resumes the writer, content fed earlier is
      // already in the queue where the first read finds it.
      ((FeedableBodyGenerator) generator).setListener(input);
    }
    return channel.writeAndFlush(input, promise);
  }

  @Override
  public boolean isReplayable() {
    return replayable;
  }

  @Override
  public void release() {
    Body body = unusedBody.getAndSet(null);
    if (body != null) {
      try {
        body.close();
      } catch (IOException ignored) {
        // The body was never written; a failure to close it has nobody to report to.
      }
    }
  }
}
