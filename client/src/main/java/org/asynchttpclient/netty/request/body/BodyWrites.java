package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelProgressiveFuture;
import io.netty.channel.ChannelProgressiveFutureListener;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncHttpClientConfig;

/** Small helpers shared by the body implementations. Stateless. */
final class BodyWrites {

  private BodyWrites() {}

  /**
   * Whether a {@code FileRegion} can carry the body: zero-copy transfer bypasses the pipeline's byte handling, so it
   * is impossible under TLS and the user may turn it off. An HTTP/2 stream (a child channel) takes
   * frames only, so its bodies always go through the chunked writer.
   */
  static boolean canUseFileRegion(Channel channel, AsyncHttpClientConfig config) {
    return !config.isDisableZeroCopy()
        && channel.parent() == null
        && channel.pipeline().get(SslHandler.class) == null;
  }

  /**
   * Writes {@code content} and then the end-of-message marker, and returns a future that succeeds only when both
   * writes did, and that reports the content's write progress (a {@code ChannelProgressiveFuture}). Writing the
   * marker even after the content failed is harmless: the engine closes a channel whose body write failed, and a
   * failed content write leaves the message unfinished on the wire anyway.
   */
  static ChannelFuture writeThenEnd(Channel channel, Object content, ChannelProgressivePromise result) {
    ChannelProgressivePromise contentFuture = channel.newProgressivePromise();
    contentFuture.addListener(
        new ChannelProgressiveFutureListener() {
          @Override
          public void operationProgressed(ChannelProgressiveFuture f, long progress, long total) {
            result.tryProgress(progress, total);
          }

          @Override
          public void operationComplete(ChannelProgressiveFuture f) {
            // completion is counted by bothSucceeded
          }
        });
    ChannelFuture unused = channel.write(content, contentFuture); // it returns contentFuture
    ChannelFuture endFuture = channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    // Listeners run on the event loop, but a future can already be complete when the listener is added from
    // another thread, so count with an atomic rather than trusting a single thread.
    AtomicInteger pending = new AtomicInteger(2);
    ChannelFutureListener bothSucceeded =
        future -> {
          if (!future.isSuccess()) {
            result.tryFailure(future.cause());
          } else if (pending.decrementAndGet() == 0) {
            result.trySuccess();
          }
        };
    contentFuture.addListener(bothSucceeded);
    endFuture.addListener(bothSucceeded);
    return result;
  }

  /** The failure of a body whose bytes disagree with the {@code Content-Length} its head declared. */
  static IOException notAsDeclared(String what, long bytes, long declared) {
    return new IOException(what + " " + bytes + " bytes (expected the declared Content-Length " + declared + ")");
  }

  /**
   * Asks the chunked writer to poll its current input again, from the channel's event loop. Always goes through the
   * loop's task queue so a caller already inside a write (for instance a feeder on the loop thread) never re-enters
   * the writer.
   */
  static void resumeChunkedWrites(Channel channel) {
    ChunkedWriteHandler writer = channel.pipeline().get(ChunkedWriteHandler.class);
    if (writer == null) {
      return;
    }
    try {
      channel.eventLoop().execute(writer::resumeTransfer);
    } catch (RejectedExecutionException shuttingDown) {
      // The loop is shutting down: the channel is going away and its pending writes fail with it.
    }
  }
}
