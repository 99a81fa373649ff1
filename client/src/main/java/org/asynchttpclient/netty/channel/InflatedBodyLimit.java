package org.asynchttpclient.netty.channel;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.handler.codec.compression.DecompressionException;

/**
 * Bounds how large automatic decompression may inflate one response body ({@code
 * maxDecompressedResponseSize}; on an HTTP/2 stream the smaller positive one of it and {@code
 * http2MaxDecompressedResponseSize}). It sits right after the {@link ResponseDecompressor} and
 * counts the bytes that come out of it, but only for a body the decompressor actually inflates: a
 * body sent without a content coding is not limited here. Past the limit it fails the exchange with
 * Netty's {@link DecompressionException}, worded as AHC 3.0.13's ({@code HTTP/1.1 response body
 * exceeds the maximum decompressed size of <n> bytes}, {@code HTTP/2 ...} on a stream), closes the
 * connection (an HTTP/2 stream: resets it), drops whatever the inflater still emits, and stops the
 * decompressor from inflating any further input: the rest of a decompression bomb is neither
 * handed on nor inflated. The failure is not an IOException, so it is never retried.
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

  // loop-confined
  private long inflatedBytes;
  private boolean exceeded;

  /** {@code maxBytes} must be positive: without a limit the handler is not installed at all. */
  public InflatedBodyLimit(long maxBytes, ResponseDecompressor decompressor) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException(
          "maxDecompressedResponseSize: " + maxBytes + " (expected > 0 here)");
    }
    this.maxBytes = maxBytes;
    this.decompressor = decompressor;
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
        boolean stream = ctx.channel().parent() != null;
        ctx.fireExceptionCaught(new DecompressionException(message(stream, maxBytes)));
        ChannelClosing.close(ctx.channel());
        return;
      }
    }
    ctx.fireChannelRead(msg);
  }

  /** AHC 3.0.13's wording, which code written for it may compare. */
  static String message(boolean http2, long maxBytes) {
    return (http2 ? "HTTP/2" : "HTTP/1.1")
        + " response body exceeds the maximum decompressed size of " + maxBytes + " bytes";
  }
}
