package org.asynchttpclient.testing;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2FrameListenerDecorator;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jetbrains.annotations.Nullable;

/**
 * The server half of an h2c (prior knowledge) connection, frame by frame, for a peer that does
 * what a real server's codec would not (withhold flow-control credit, flood, stop reading). Add
 * one per connection with {@link RawServer#withPipeline}. It sends the server's SETTINGS as soon
 * as the connection is up (or when the test says), reads the client's preface, decodes every frame with Netty's frame
 * reader and hands it to the test's listener, and acknowledges the client's SETTINGS (the
 * listener still sees them). Writes the listener makes with {@link #writer} during a read are
 * flushed when the read completes; {@link #run} runs anything else on the connection's loop and
 * flushes after it.
 *
 * <p>It counts its TCP reads ({@code channelRead} calls), for tests about how the client batches
 * its writes. A DATA payload handed to the listener is a view of the read buffer: copy it to keep
 * it, never release it.
 *
 * <p>Threads: the connection's event loop; {@link #run}, {@link #reads()} and {@link #channel()}
 * from any thread.
 */
public final class H2FramePeer extends ByteToMessageDecoder {
  /** Per connection: its HPACK encoder holds the connection's state. */
  public final DefaultHttp2FrameWriter writer = new DefaultHttp2FrameWriter();

  // immutable
  private final @Nullable Http2Settings settings;
  private final Http2FrameListener listener;

  // loop-confined
  private final DefaultHttp2FrameReader reader = new DefaultHttp2FrameReader();
  private boolean prefaceRead;
  private boolean settingsSent;
  /** The client's SETTINGS arrived before the server's own went out: acked right after them. */
  private boolean ackOwed;

  // any thread
  private final AtomicInteger reads = new AtomicInteger();
  private volatile @Nullable ChannelHandlerContext context;

  /**
   * @param settings the server's SETTINGS, sent first; null to hold them back (the client sends
   *     no stream before it has them) until the test calls {@link #sendSettings}
   * @param listener sees every frame the client sends (its SETTINGS after they were acked; every
   *     HEADERS through the overload without priority fields)
   */
  public H2FramePeer(@Nullable Http2Settings settings, Http2FrameListener listener) {
    this.settings = settings;
    this.listener =
        new Http2FrameListenerDecorator(listener) {
          @Override
          public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings received)
              throws Http2Exception {
            // The server's SETTINGS must be its first frame, even before an ack.
            if (settingsSent) {
              writer.writeSettingsAck(ctx, ctx.newPromise());
            } else {
              ackOwed = true;
            }
            super.onSettingsRead(ctx, received);
          }

          @Override
          public void onHeadersRead(
              ChannelHandlerContext ctx, int id, Http2Headers headers, int dependency,
              short weight, boolean exclusive, int padding, boolean endOfStream)
              throws Http2Exception {
            // The client's HEADERS carry no priority a test reads: one overload to override.
            super.onHeadersRead(ctx, id, headers, padding, endOfStream);
          }
        };
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    context = ctx;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    if (settings != null) {
      sendSettings(ctx, settings);
      ctx.flush();
    }
    super.channelActive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    reads.incrementAndGet();
    super.channelRead(ctx, msg);
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
    if (!prefaceRead) {
      ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();
      int length = preface.readableBytes();
      if (in.readableBytes() < length) {
        return;
      }
      if (!in.readSlice(length).equals(preface)) {
        throw new IOException("not an HTTP/2 client preface");
      }
      prefaceRead = true;
    }
    reader.readFrame(ctx, in, listener);
  }

  /**
   * Not the decoder's own: with auto-read off it asks for another read whenever a read produced
   * no message (this decoder never produces one), and a peer that stopped reading must stay so.
   */
  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
    ctx.fireChannelReadComplete();
  }

  /** Releases a header block still waiting for its CONTINUATION frames. */
  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    reader.close();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }

  /** Sends the server's SETTINGS held back at the start (and the ack the client is owed). */
  public void sendSettings(Http2Settings held) {
    run(ctx -> sendSettings(ctx, held));
  }

  private void sendSettings(ChannelHandlerContext ctx, Http2Settings first) {
    writer.writeSettings(ctx, first, ctx.newPromise());
    settingsSent = true;
    if (ackOwed) {
      ackOwed = false;
      writer.writeSettingsAck(ctx, ctx.newPromise());
    }
  }

  /** Runs {@code action} on the connection's loop with this handler's context, then flushes. */
  public void run(Consumer<ChannelHandlerContext> action) {
    ChannelHandlerContext ctx = Objects.requireNonNull(context, "not added to a pipeline yet");
    ctx.executor()
        .execute(
            () -> {
              action.accept(ctx);
              ctx.flush();
            });
  }

  /** TCP reads so far: how many times the connection's bytes were handed to this handler. */
  public int reads() {
    return reads.get();
  }

  public Channel channel() {
    return Objects.requireNonNull(context, "not added to a pipeline yet").channel();
  }
}
