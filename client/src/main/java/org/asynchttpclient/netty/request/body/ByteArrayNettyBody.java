package org.asynchttpclient.netty.request.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.List;

/**
 * A body made of byte arrays held in memory (a {@code byte[]}, a composite {@code List<byte[]>}, an encoded string
 * or form). Every write wraps the arrays afresh without copying, so the body is replayable and holds no reference
 * counted buffer between writes. The arrays must not be modified while a write is in flight.
 */
public final class ByteArrayNettyBody implements NettyBody {
  private final byte[][] pieces;
  private final long contentLength;

  /** A body of one array. */
  public ByteArrayNettyBody(byte[] bytes) {
    this.pieces = new byte[][] {bytes};
    this.contentLength = bytes.length;
  }

  /** A body of several arrays sent back to back. */
  public ByteArrayNettyBody(List<byte[]> pieces) {
    this.pieces = pieces.toArray(new byte[0][]);
    long length = 0;
    for (byte[] piece : this.pieces) {
      length += piece.length;
    }
    this.contentLength = length;
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise ignored) {
    if (contentLength == 0) {
      return channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }
    ByteBuf content = pieces.length == 1 ? Unpooled.wrappedBuffer(pieces[0]) : Unpooled.wrappedBuffer(pieces);
    return channel.writeAndFlush(new DefaultLastHttpContent(content));
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
