package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import java.io.IOException;

/**
 * The body of one request hop, written on a channel after the request head.
 *
 * <p>The pipeline the engine builds frames what a body writes: when {@link #getContentLength()} is known the head
 * carries {@code Content-Length} and the body bytes go out raw; when it is {@code -1} the head carries
 * {@code Transfer-Encoding: chunked} and the HTTP codec adds the chunk framing. Either way a body ends its output
 * with a {@code LastHttpContent}.
 *
 * <p>Buffers handed to {@code channel.write} belong to the pipeline from then on (it releases them whether the write
 * succeeds or fails); a body releases only what it still holds itself, in {@link #release()}.
 */
public interface NettyBody {

  /** The number of bytes {@link #write} sends, or {@code -1} when it is not known up front. */
  long getContentLength();

  /**
   * Writes the whole body, ending with a {@code LastHttpContent}, and returns the future of the last write.
   *
   * <p>Called on the channel's event loop after the request head was written (and, with
   * {@code Expect: 100-continue}, after the interim 100 response). Must not block the loop waiting for data. A body
   * that cannot be written (already consumed, file missing) returns a failed future instead of throwing.
   *
   * <p>A streamed body writes on {@code promise}, which it returns and on which it reports its write progress
   * ({@code ChannelProgressivePromise#tryProgress}, as 3.0.11's bodies do). The caller adds its listeners before the
   * call: a body may be written completely within it. A body that reports no progress (in memory, reactive) ignores
   * the promise and returns its own future.
   */
  ChannelFuture write(Channel channel, ChannelProgressivePromise promise);

  /** {@link #write(Channel, ChannelProgressivePromise)} on a new promise. */
  default ChannelFuture write(Channel channel) {
    return write(channel, channel.newProgressivePromise());
  }

  /**
   * Whether {@link #write} may be called again for a retry, redirect or authentication replay and will send the
   * same bytes. False for streams, feedable generators and reactive publishers, which can be consumed only once.
   */
  boolean isReplayable();

  /**
   * Prepares a body that an earlier hop of the same exchange already sent to be sent again. Nothing to do for a body
   * that produces its bytes afresh on each {@link #write}; a stream is rewound (see {@code InputStreamNettyBody}).
   *
   * @throws IOException when the body cannot be produced again
   */
  default void rewindForReplay() throws IOException {}

  /**
   * Whether the body is held in memory (bytes, a string, a form, a buffer). 3.0.11 sends such a body as part of the
   * request message, so a {@code ProgressAsyncHandler} hears no content-written or progress events for it: only
   * streamed bodies (files, streams, generators, multipart) report them. The engine does the same.
   */
  default boolean isInMemory() {
    return false;
  }

  /**
   * Frees what the body still holds that was never handed to a channel (a pre-built source, a subscription).
   * Safe to call from any thread, more than once, and after {@link #write}. Never closes a stream the user handed
   * in unless writing it had started.
   */
  default void release() {}
}
