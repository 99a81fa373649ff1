package org.asynchttpclient.netty.channel;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;

/**
 * Bounds how large automatic decompression may inflate one response body ({@code
 * maxInflatedResponseBodySize}). It sits right after the {@link ResponseDecompressor} and counts the
 * bytes that come out of it, but only for a body the decompressor actually inflates: a body sent
 * without a content coding is not limited here. Past the limit it fails the exchange with an
 * {@link IOException} naming the limit, closes the connection, drops whatever the inflater still
 * emits, and stops the decompressor from inflating any further input: the rest of a decompression
 * bomb is neither handed on nor inflated.
 *
 * <p>Netty's decompressor forwards inflated bytes in bounded slices as they are produced, so
 * memory stays near one slice, and the work past the limit is at most what one compressed chunk
 * of the codec ({@code httpClientCodecMaxChunkSize}) inflates to, not the whole body.
 *
 * <p>Threads: confined to the channel's event loop, like every handler of its pipeline.
 */
public final class InflatedBodyLimit extends ChannelInboundHandlerAdapter {

  private final long maxBytes;
  private final ResponseDecompressor decompressor;
  private final String optionName;

  // loop-confined
  private long inflatedBytes;
  private boolean exceeded;

  /** {@code maxBytes} must be positive: without a limit the handler is not installed at all. */
  public InflatedBodyLimit(long maxBytes, ResponseDecompressor decompressor) {
    this(maxBytes, decompressor, "maxInflatedResponseBodySize");
  }

  /** {@code optionName} is the option the limit came from, for the failure's message. */
  public InflatedBodyLimit(
      long maxBytes, ResponseDecompressor decompressor, String optionName) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException(optionName + ": " + maxBytes + " (expected > 0 here)");
    }
    this.maxBytes = maxBytes;
    this.decompressor = decompressor;
    this.optionName = optionName;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (exceeded) {
      // The connection is closing: nothing more of this body, nor anything after it, is used.
      ReferenceCountUtil.release(msg);
      return;
    }
    int kind = DecodedMessages.kind(msg);
    if ((kind & DecodedMessages.RESPONSE) != 0) {
      inflatedBytes = 0;
    }
    if ((kind & DecodedMessages.CONTENT) != 0 && decompressor.inflating()) {
      inflatedBytes += DecodedMessages.content(msg).content().readableBytes();
      if (inflatedBytes > maxBytes) {
        exceeded = true;
        decompressor.stop();
        ReferenceCountUtil.release(msg);
        ctx.fireExceptionCaught(
            new IOException(
                "Response body from "
                    + ctx.channel().remoteAddress()
                    + " inflated past "
                    + optionName
                    + ": more than "
                    + maxBytes
                    + " bytes (expected at most "
                    + maxBytes
                    + "); "
                    + (ctx.channel().parent() != null
                        ? "its HTTP/2 stream was reset"
                        : "the connection was closed")));
        ChannelClosing.close(ctx.channel());
        return;
      }
    }
    ctx.fireChannelRead(msg);
  }
}
