package org.asynchttpclient.netty.request.body;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * A body over the user's {@link ByteBuf}: the readable bytes when the body was built. The body does not own the
 * buffer (the request does, and the user releases it); each write hands the pipeline a retained slice of its own,
 * which the pipeline releases, so the buffer can be written again for a retry and its indexes never move.
 */
public final class ByteBufNettyBody implements NettyBody {
  private final ByteBuf content;
  private final int offset;
  private final int length;

  public ByteBufNettyBody(ByteBuf content) {
    this.content = content;
    this.offset = content.readerIndex();
    this.length = content.readableBytes();
  }

  @Override
  public long getContentLength() {
    return length;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise ignored) {
    if (length == 0) {
      return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
    ByteBuf slice;
    try {
      slice = content.retainedSlice(offset, length);
    } catch (RuntimeException released) {
      // IllegalReferenceCountException when the user released the buffer before the request was written.
      return channel.newFailedFuture(
          new IllegalStateException("ByteBuf request body was released before it was written", released));
    }
    return channel.writeAndFlush(new DefaultLastHttpContent(slice));
  }

  @Override
  public boolean isReplayable() {
    return true;
  }

  @Override
  public boolean isInMemory() {
    return true;
  }
}
