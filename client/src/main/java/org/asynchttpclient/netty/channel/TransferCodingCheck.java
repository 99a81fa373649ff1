package org.asynchttpclient.netty.channel;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import java.io.IOException;
import java.util.List;

/**
 * Refuses a response whose {@code Transfer-Encoding} is anything but exactly {@code chunked}.
 *
 * <p>Netty's decoder (4.2.18) already fails a response that carries {@code Transfer-Encoding}
 * together with {@code Content-Length}, lists {@code chunked} twice or not last, has an invalid
 * chunk size, a bare LF where CRLF is due, or a status line or header block over the codec's
 * limits. It accepts, though, other transfer codings: {@code gzip, chunked} is read as chunked and
 * handed on still gzip-encoded, and {@code Transfer-Encoding: gzip} with a {@code Content-Length}
 * is framed by the length, where RFC 9112 (6.3) says the body runs to the end of the connection.
 * A peer or intermediary framing the body differently is how responses get smuggled onto a pooled
 * connection, and the client cannot decode transfer codings anyway, so such a response fails its
 * exchange with an {@link IOException} (through the message's decoder result) and its connection
 * is closed, never pooled.
 *
 * <p>Where the pipeline has an {@code inflater} ({@link ResponseDecompressor}), that handler applies
 * this check itself, ahead of its own work, and this handler is not installed: one handler fewer
 * for every response message to pass through.
 *
 * <p>Threads: stateless; runs on the channel's event loop.
 */
final class TransferCodingCheck extends ChannelInboundHandlerAdapter {
  static final String NAME = "transfer-coding-check";

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if ((DecodedMessages.kind(msg) & DecodedMessages.RESPONSE) != 0) {
      check(DecodedMessages.response(msg));
    }
    ctx.fireChannelRead(msg);
  }

  /** Marks {@code res} failed (its decoder result) when it names a transfer coding but chunked. */
  static void check(HttpResponse res) {
    // contains() first: getAll() allocates a list even when the header is absent, as it mostly is.
    if (res.decoderResult().isSuccess() && res.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
      List<String> codings = res.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
      if (!codings.isEmpty()
          && !(codings.size() == 1 && "chunked".equalsIgnoreCase(codings.get(0).trim()))) {
        res.setDecoderResult(
            DecoderResult.failure(
                new IOException(
                    "Transfer-Encoding: "
                        + String.join(", ", codings)
                        + " (expected exactly chunked, or none)")));
      }
    }
  }
}
