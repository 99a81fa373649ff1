package org.asynchttpclient.netty.channel;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.netty.handler.ResponseHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's event loops and the {@link Bootstrap} that opens its connections, with the
 * pipeline every HTTP/1.1 channel gets: {@code [ssl] -> http (codec) -> transfer-coding-check ->
 * [inflater -> inflated-limit] -> chunked-writer -> ahc-handler}. It also keeps every open
 * channel in a group, for stats and for closing them all on shutdown.
 */
public final class ChannelManager {
  private static final Logger LOGGER = LoggerFactory.getLogger(ChannelManager.class);

  private final AsyncHttpClientConfig config;
  private final EventLoopGroup group;
  private final boolean ownGroup;
  private final Transport transport;
  private final Bootstrap bootstrap;
  private final ChannelGroup openChannels;

  public ChannelManager(AsyncHttpClientConfig config, Supplier<ResponseHandler> handlers) {
    this.config = config;
    EventLoopGroup given = config.getEventLoopGroup();
    if (given != null) {
      this.group = given;
      this.ownGroup = false;
      this.transport = Transport.forGroup(given);
    } else {
      Transport chosen =
          Transport.select(config.isUseNativeTransport(), config.isUseOnlyEpollNativeTransport());
      ThreadFactory tf = config.getThreadFactory();
      if (tf == null) {
        // Non-daemon, as in 3.0.12: an application that never closes its client keeps its JVM
        // alive, as it did with AHC; close() ends these threads after the shutdown quiet period.
        tf = new DefaultThreadFactory(config.getThreadPoolName());
      }
      // -1 is the processor count (3.0.11's default); 0 leaves it to Netty (twice the processors).
      int configured = config.getIoThreadsCount();
      int threads = configured == -1 ? Runtime.getRuntime().availableProcessors() : configured;
      EventLoopGroup created;
      try {
        created = chosen.newGroup(threads, tf);
      } catch (RuntimeException | LinkageError e) {
        Transport fallback = chosen.fallback(e, threads);
        if (fallback == null) {
          throw e;
        }
        chosen = fallback;
        created = chosen.newGroup(threads, tf);
      }
      this.transport = chosen;
      this.group = created;
      this.ownGroup = true;
      LOGGER.debug("AsyncHttpClient runs on {} with {} I/O threads", chosen.name(), threads);
    }
    this.openChannels = new DefaultChannelGroup("ahc-channels", GlobalEventExecutor.INSTANCE);
    this.bootstrap = newBootstrap(handlers);
  }

  @SuppressWarnings("unchecked")
  private Bootstrap newBootstrap(Supplier<ResponseHandler> handlers) {
    Bootstrap b = new Bootstrap().group(group).channel(transport.channelClass());
    ByteBufAllocator alloc = config.getAllocator();
    if (alloc != null) {
      b.option(ChannelOption.ALLOCATOR, alloc);
    }
    b.option(ChannelOption.TCP_NODELAY, config.isTcpNoDelay());
    b.option(ChannelOption.SO_REUSEADDR, config.isSoReuseAddress());
    b.option(ChannelOption.SO_KEEPALIVE, config.isSoKeepAlive());
    if (config.getSoLinger() >= 0) {
      b.option(ChannelOption.SO_LINGER, config.getSoLinger());
    }
    if (config.getSoSndBuf() >= 0) {
      b.option(ChannelOption.SO_SNDBUF, config.getSoSndBuf());
    }
    if (config.getSoRcvBuf() >= 0) {
      b.option(ChannelOption.SO_RCVBUF, config.getSoRcvBuf());
    }
    long connectMillis = config.getConnectTimeout().toMillis();
    if (connectMillis > 0) {
      b.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectMillis));
    }
    for (Map.Entry<ChannelOption<Object>, Object> e : config.getChannelOptions().entrySet()) {
      b.option(e.getKey(), e.getValue());
    }
    if (config.getAddressResolverGroup() != null) {
      b.resolver(config.getAddressResolverGroup());
    }
    Consumer<Channel> extra = config.getHttpAdditionalChannelInitializer();
    b.handler(
        new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            openChannels.add(ch);
            ChannelPipeline p = ch.pipeline();
            p.addLast("http", newCodec());
            if (config.isEnableAutomaticDecompression()) {
              ResponseDecompressor.installOnConnection(
                  p, config.isKeepEncodingHeader(), config.getMaxDecompressedResponseSize());
            } else {
              p.addLast(TransferCodingCheck.NAME, new TransferCodingCheck());
            }
            p.addLast("chunked-writer", new ChunkedWriteHandler());
            p.addLast("ahc-handler", handlers.get());
            if (extra != null) {
              extra.accept(ch);
            }
          }
        });
    return b;
  }

  /** A new HTTP/1.1 codec configured from the client's config. */
  public HttpClientCodec newCodec() {
    HttpDecoderConfig decoder =
        new HttpDecoderConfig()
            .setMaxInitialLineLength(config.getHttpClientCodecMaxInitialLineLength())
            .setMaxHeaderSize(config.getHttpClientCodecMaxHeaderSize())
            .setMaxChunkSize(config.getHttpClientCodecMaxChunkSize())
            .setInitialBufferSize(config.getHttpClientCodecInitialBufferSize())
            .setValidateHeaders(config.isValidateResponseHeaders());
    CompactHeadersFactory.install(decoder);
    return new HttpClientCodec(decoder, HttpClientCodec.DEFAULT_PARSE_HTTP_AFTER_CONNECT_REQUEST, false);
  }

  public Bootstrap bootstrap() {
    return bootstrap;
  }

  public EventLoopGroup eventLoopGroup() {
    return group;
  }

  public ChannelGroup openChannels() {
    return openChannels;
  }

  /**
   * Closes every channel, closes the configured {@code addressResolverGroup}, then starts stopping
   * the loops if the client created them. Like 3.0.11, it does not wait for the loops to end: their
   * graceful shutdown (the {@code shutdownQuietPeriod}, 2 s by default) runs on after this returns,
   * so closing a client takes milliseconds, not the quiet period. Every channel's close has begun
   * when it returns; called from a thread other than the client's loops, it also waits for those
   * closes to finish, for at most one second (a loop held up by a user's callback then cannot hold
   * up the caller for good: the close still completes on that loop when it is free). From a loop
   * of the client it does not wait, as that would wait for its own thread.
   */
  public void close() {
    if (CallerLoop.isOneOf(group)) {
      // Waiting here would wait for this very thread: close without blocking.
      openChannels.close();
    } else {
      openChannels.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
    }
    closeAddressResolverGroup();
    if (ownGroup) {
      long quiet = Math.max(0, config.getShutdownQuietPeriod().toMillis());
      long timeout = Math.max(quiet, config.getShutdownTimeout().toMillis());
      io.netty.util.concurrent.Future<?> unused =
          group.shutdownGracefully(quiet, timeout, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * The client owns a resolver group it was given (3.0.11 and 3.0.12 close it too, whether or not
   * the event loops were given as well). It is closed before the loops start shutting down, since
   * a resolver such as Netty's DNS resolver closes its channel on one of them.
   */
  private void closeAddressResolverGroup() {
    AddressResolverGroup<InetSocketAddress> resolvers = config.getAddressResolverGroup();
    if (resolvers == null) {
      return;
    }
    try {
      resolvers.close();
    } catch (RuntimeException e) {
      // A failing user resolver must not keep the loops from shutting down.
      LOGGER.warn("Closing the addressResolverGroup {} failed", resolvers, e);
    }
  }
}
