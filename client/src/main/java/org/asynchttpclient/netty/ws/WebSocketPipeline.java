package org.asynchttpclient.netty.ws;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.websocketx.Utf8FrameValidator;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketDecoderConfig;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtension;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.jetbrains.annotations.Nullable;

/**
 * Turns an HTTP/1.1 channel whose upgrade was just accepted into a WebSocket channel:
 *
 * <pre>
 *   [ssl] http ... ahc-handler
 *     becomes
 *   [ssl] ws-decoder ws-encoder [ws-inflater ws-deflater] ws-utf8 [ws-aggregator] ahc-ws
 * </pre>
 *
 * The frame decoder expects unmasked frames (a server's), refuses RSV bits unless a compression
 * extension (permessage-deflate or deflate-frame) was negotiated, and fails (without closing: the
 * socket sends the Close) a frame larger than {@code webSocketMaxFrameSize} on the wire; the
 * inflater stops a frame at {@code webSocketMaxDecompressedFrameSize} inflated bytes; the UTF-8
 * validator checks text after inflation; the aggregator, when on, bounds a message by {@code
 * webSocketMaxBufferSize}. Each of the three closes the socket with 1009. The encoder masks every
 * frame, as a client must.
 *
 * <p>The HTTP codec is removed last: bytes that came right behind the 101 (frames the server sent
 * at once) are then handed to the frame decoder, and reach the socket, which buffers them until
 * its listeners heard onOpen.
 *
 * <p>Threads: runs on the channel's event loop, while the 101 is being read.
 */
final class WebSocketPipeline {
  static final String DECODER = "ws-decoder";
  static final String ENCODER = "ws-encoder";
  static final String INFLATER = "ws-inflater";
  static final String DEFLATER = "ws-deflater";
  static final String UTF8 = "ws-utf8";
  static final String AGGREGATOR = "ws-aggregator";

  /** The HTTP codec, as the channel manager names it. */
  private static final String HTTP_CODEC = "http";

  /** Handlers of the HTTP pipeline that have nothing to do on a WebSocket channel. */
  private static final String[] HTTP_ONLY = {
    "transfer-coding-check", "inflater", "inflated-limit", "chunked-writer", "ahc-handler"
  };

  private WebSocketPipeline() {}

  static NettyWebSocket install(
      Channel channel,
      HttpHeaders upgradeHeaders,
      AsyncHttpClientConfig config,
      WebSocketSettings settings,
      @Nullable WebSocketClientExtension compression) {
    assert channel.eventLoop().inEventLoop() : "the upgrade must run on the channel's loop";
    ChannelPipeline p = channel.pipeline();
    WebSocketDecoderConfig decoderConfig =
        WebSocketDecoderConfig.newBuilder()
            .maxFramePayloadLength(config.getWebSocketMaxFrameSize())
            .expectMaskedFrames(false)
            .allowMaskMismatch(false)
            .allowExtensions(compression != null)
            .closeOnProtocolViolation(false)
            .build();
    p.addAfter(HTTP_CODEC, DECODER, new WebSocket13FrameDecoder(decoderConfig));
    p.addAfter(DECODER, ENCODER, new WebSocket13FrameEncoder(true));
    String last = ENCODER;
    if (compression != null) {
      p.addAfter(last, INFLATER, compression.newExtensionDecoder());
      p.addAfter(INFLATER, DEFLATER, compression.newExtensionEncoder());
      last = DEFLATER;
    }
    p.addAfter(last, UTF8, new Utf8FrameValidator(false));
    last = UTF8;
    if (config.isAggregateWebSocketFrameFragments()) {
      p.addAfter(last, AGGREGATOR, new WebSocketFrameAggregator(config.getWebSocketMaxBufferSize()));
      last = AGGREGATOR;
    }
    NettyWebSocket socket = new NettyWebSocket(channel, upgradeHeaders, settings);
    p.addAfter(last, WebSocketFrameHandler.NAME, new WebSocketFrameHandler(socket));
    for (String name : HTTP_ONLY) {
      if (p.get(name) != null) {
        p.remove(name);
      }
    }
    p.remove(HTTP_CODEC);
    Consumer<io.netty.channel.Channel> extra = config.getWsAdditionalChannelInitializer();
    if (extra != null) {
      extra.accept(channel);
    }
    return socket;
  }
}
