package org.asynchttpclient.netty.request.body;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.ByteBuffer;

/**
 * A body over a {@link ByteBuffer}: the bytes between its position and limit when the body was built. Each write
 * wraps an independent view, so the user's buffer position is never moved and the body is replayable.
 */
public final class ByteBufferNettyBody implements NettyBody {
  private final ByteBuffer content;

  public ByteBufferNettyBody(ByteBuffer content) {
    this.content = content.duplicate();
  }

  @Override
  public long getContentLength() {
    return content.remaining();
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise ignored) {
    if (!content.hasRemaining()) {
      return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
    return channel.writeAndFlush(new DefaultLastHttpContent(Unpooled.wrappedBuffer(content.duplicate())));
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
