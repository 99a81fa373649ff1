package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.stream.ChunkedNioFile;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.asynchttpclient.AsyncHttpClientConfig;

/**
 * A body read from a region of a file. Each write opens the file anew, so the body is replayable. Without TLS and
 * unless zero copy is disabled the region goes out as a {@link DefaultFileRegion} (the kernel copies it); otherwise
 * it is read in chunks of {@link AsyncHttpClientConfig#getChunkedFileChunkSize()} bytes on the event loop.
 */
public final class FileNettyBody implements NettyBody {
  private final File file;
  private final long offset;
  private final long length;
  private final AsyncHttpClientConfig config;

  /** The whole file, as long as it is when the body is built. */
  public FileNettyBody(File file, AsyncHttpClientConfig config) {
    this(file, 0, file.length(), config);
  }

  /** {@code length} bytes of {@code file} from {@code offset}. */
  public FileNettyBody(File file, long offset, long length, AsyncHttpClientConfig config) {
    if (offset < 0) {
      throw new IllegalArgumentException("file body offset: " + offset + " (expected >= 0)");
    }
    if (length < 0) {
      throw new IllegalArgumentException("file body length: " + length + " (expected >= 0)");
    }
    this.file = file;
    this.offset = offset;
    this.length = length;
    this.config = config;
  }

  @Override
  public long getContentLength() {
    return length;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise promise) {
    FileChannel fileChannel;
    try {
      // Opened here rather than lazily by the region so a missing file fails before any body byte is written.
      fileChannel = FileChannel.open(file.toPath(), StandardOpenOption.READ);
    } catch (IOException | RuntimeException e) {
      return channel.newFailedFuture(new IOException("cannot read request body file " + file + ": " + e, e));
    }
    if (BodyWrites.canUseFileRegion(channel, config)) {
      // The region owns the file channel from here on and closes it when released by the transport.
      return BodyWrites.writeThenEnd(channel, new DefaultFileRegion(fileChannel, offset, length), promise);
    }
    ChunkedNioFile chunks;
    try {
      chunks = new ChunkedNioFile(fileChannel, offset, length, config.getChunkedFileChunkSize());
    } catch (IOException | RuntimeException e) {
      closeQuietly(fileChannel);
      return channel.newFailedFuture(new IOException("cannot read request body file " + file + ": " + e, e));
    }
    // HttpChunkedInput appends the LastHttpContent once the file is exhausted; the writer closes the file.
    return channel.writeAndFlush(new HttpChunkedInput(chunks), promise);
  }

  @Override
  public boolean isReplayable() {
    return true;
  }

  private static void closeQuietly(FileChannel fileChannel) {
    try {
      fileChannel.close();
    } catch (IOException ignored) {
      // Nothing more can be done with a file we failed to read; the original failure is reported instead.
    }
  }
}
