package org.asynchttpclient.netty.h2;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.channel.ResponseDecompressor;
import org.jetbrains.annotations.Nullable;

/**
 * The pipeline of an HTTP/2 stream child channel: the {@link StreamCodec} that makes the stream
 * look like an HTTP/1.1 channel, the inflater with its size cap (added by the codec when a
 * response of the stream has a content coding, with automatic decompression on), and the same
 * response reader and request writer as over HTTP/1.1.
 *
 * <p>The inflated size cap is the smaller positive one of {@code http2MaxDecompressedResponseSize}
 * and {@code maxDecompressedResponseSize}.
 *
 * <p>Threads: any; immutable.
 */
final class StreamPipeline {
  // immutable
  private final Supplier<? extends ChannelHandler> responseHandlers;
  /** Adds a stream's inflater after its codec, on its first coded response; null: decompression off. */
  private final @Nullable Consumer<ChannelHandlerContext> inflater;
  private final ChannelHandler https = new StreamSetup("https");
  private final ChannelHandler http = new StreamSetup("http");

  StreamPipeline(AsyncHttpClientConfig config, Supplier<? extends ChannelHandler> responseHandlers) {
    this.responseHandlers = responseHandlers;
    long inflateLimit =
        smallerPositive(config.getHttp2MaxDecompressedResponseSize(), config.getMaxDecompressedResponseSize());
    boolean keepEncodingHeader = config.isKeepEncodingHeader();
    this.inflater =
        config.isEnableAutomaticDecompression()
            ? codec -> ResponseDecompressor.installOnStream(codec, keepEncodingHeader, inflateLimit)
            : null;
  }

  private static long smallerPositive(long a, long b) {
    if (a <= 0) {
      return b;
    }
    return b <= 0 ? a : Math.min(a, b);
  }

  /**
   * What sets up the pipeline of a stream of a connection with TLS or without ({@code tls}): its
   * requests carry the scheme "https" or "http". One shared handler per scheme: a {@link
   * io.netty.channel.ChannelInitializer} made per stream would do the same, but each instance
   * keeps a concurrent map of the contexts it initialised, a map per request (about 170 bytes)
   * for nothing.
   */
  ChannelHandler setup(boolean tls) {
    return tls ? https : http;
  }

  /** Adds a stream's handlers when it is registered, then removes itself. */
  @ChannelHandler.Sharable
  private final class StreamSetup extends ChannelHandlerAdapter {
    // immutable
    private final String scheme;

    StreamSetup(String scheme) {
      this.scheme = scheme;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      ChannelPipeline p = ctx.pipeline();
      try {
        p.addLast("h2-stream", new StreamCodec(scheme, inflater));
        p.addLast("chunked-writer", new ChunkedWriteHandler());
        p.addLast("ahc-handler", responseHandlers.get());
      } catch (RuntimeException e) {
        // A stream half set up would hang its hop: closed, the hop hears of the close.
        ctx.channel().close();
        throw e;
      } finally {
        p.remove(this);
      }
    }
  }
}
