package org.asynchttpclient.netty.request.body;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.stream.ChunkedInput;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads an {@link InputStream} for the chunked writer, one {@code read} of up to {@code chunkSize}
 * bytes per chunk.
 *
 * <p>Netty's {@code ChunkedStream} sizes each chunk by {@link InputStream#available()}; a stream
 * that reports nothing available (most wrappers and network streams do) then goes out one byte
 * per chunk, six bytes of chunk framing for every byte of body. Here the size is what one read
 * returns, which is a full buffer for an in-memory or file stream and whatever has arrived for a
 * socket or pipe.
 *
 * <p>Threads: the chunked writer calls every method on the channel's event loop.
 */
final class InputStreamChunkedInput implements ChunkedInput<ByteBuf> {
  private final InputStream stream;
  private final int chunkSize;
  private long progress;
  private boolean ended;

  InputStreamChunkedInput(InputStream stream, int chunkSize) {
    this.stream = stream;
    this.chunkSize = chunkSize;
  }

  @Override
  public boolean isEndOfInput() {
    return ended;
  }

  @Override
  public void close() throws IOException {
    ended = true;
    stream.close();
  }

  /** @deprecated kept because {@link ChunkedInput} still declares it; delegates to the allocator variant. */
  @Deprecated
  @Override
  public ByteBuf readChunk(ChannelHandlerContext ctx) throws Exception {
    return readChunk(ctx.alloc());
  }

  /**
   * Never returns null before the end: the chunked writer would wait for a resume nobody sends.
   * The end of the stream yields an empty chunk, which the encoder does not put on the wire.
   */
  @Override
  public ByteBuf readChunk(ByteBufAllocator allocator) throws Exception {
    if (ended) {
      return Unpooled.EMPTY_BUFFER;
    }
    ByteBuf buffer = allocator.buffer(chunkSize);
    try {
      int read = buffer.writeBytes(stream, chunkSize);
      if (read < 0) {
        ended = true;
        buffer.release();
        return Unpooled.EMPTY_BUFFER;
      }
      progress += read;
      return buffer;
    } catch (Throwable t) {
      buffer.release();
      throw t;
    }
  }

  @Override
  public long length() {
    return -1;
  }

  @Override
  public long progress() {
    return progress;
  }
}
