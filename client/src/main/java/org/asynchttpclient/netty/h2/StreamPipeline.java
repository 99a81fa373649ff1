package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.channel.ResponseDecompressor;

/**
 * The pipeline of an HTTP/2 stream child channel: the {@link StreamCodec} that makes the stream
 * look like an HTTP/1.1 channel, the optional inflater with its size cap, and the same response
 * reader and request writer as over HTTP/1.1.
 *
 * <p>The inflated size cap is the smaller positive one of {@code http2MaxDecompressedResponseSize}
 * and {@code maxDecompressedResponseSize}.
 *
 * <p>Threads: any; immutable.
 */
final class StreamPipeline {
  // immutable
  private final AsyncHttpClientConfig config;
  private final Supplier<? extends ChannelHandler> responseHandlers;
  private final long inflateLimit;

  StreamPipeline(AsyncHttpClientConfig config, Supplier<? extends ChannelHandler> responseHandlers) {
    this.config = config;
    this.responseHandlers = responseHandlers;
    long h2Cap = config.getHttp2MaxDecompressedResponseSize();
    long anyCap = config.getMaxDecompressedResponseSize();
    this.inflateLimit = smallerPositive(h2Cap, anyCap);
  }

  private static long smallerPositive(long a, long b) {
    if (a <= 0) {
      return b;
    }
    return b <= 0 ? a : Math.min(a, b);
  }

  /** The initializer of a stream whose requests carry {@code scheme} ("https" or "http"). */
  ChannelInitializer<Channel> initializer(String scheme) {
    return new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel ch) {
        ChannelPipeline p = ch.pipeline();
        p.addLast("h2-stream", new StreamCodec(scheme));
        if (config.isEnableAutomaticDecompression()) {
          ResponseDecompressor.installOnStream(p, config.isKeepEncodingHeader(), inflateLimit);
        }
        p.addLast("chunked-writer", new ChunkedWriteHandler());
        p.addLast("ahc-handler", responseHandlers.get());
      }
    };
  }
}
