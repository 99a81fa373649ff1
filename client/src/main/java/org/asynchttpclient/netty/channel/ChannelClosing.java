package org.asynchttpclient.netty.channel;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.util.AttributeKey;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a channel that an exchange gives up on. If bytes are still queued to be written (a body
 * the peer stopped reading), an orderly close would queue the FIN behind them: a peer that never
 * reads again never sees the close, and both sides keep the connection until the kernel gives
 * up, minutes later. Such a channel is reset instead (SO_LINGER 0), which ends it on both sides at
 * once. The same holds while a request body is still being sent even when Netty holds nothing:
 * what it wrote may still sit in the kernel's send buffer, which Netty cannot see, so a channel
 * marked with {@link #bodySending} is reset too. Any other channel gets an ordinary close. Either
 * way the channel is first marked unwritable, so a body still streaming on its event loop stops at
 * once.
 *
 * <p>Threads: any; the pending-bytes check reads a counter Netty keeps for writability.
 */
public final class ChannelClosing {
  private static final Logger LOGGER = LoggerFactory.getLogger(ChannelClosing.class);

  /** The user-defined writability bit (1..31) this class clears on a channel it closes. */
  static final int ABANDONED_WRITABILITY_INDEX = 31;

  /** How a carrier that is not a connection of its own ends; see {@link #endsItsOwnWay}. */
  private static final AttributeKey<Consumer<Channel>> OWN_END = AttributeKey.valueOf("ahc.ownEnd");

  /** Present while a request body is being sent on the channel; see {@link #bodySending}. */
  private static final AttributeKey<Boolean> SENDING_BODY = AttributeKey.valueOf("ahc.sendingBody");

  private ChannelClosing() {}

  /**
   * Marks that a request body is being sent on {@code channel} ({@code true}, before its first
   * byte) or that all of it was written ({@code false}); a close in between resets the connection.
   */
  public static void bodySending(Channel channel, boolean sending) {
    channel.attr(SENDING_BODY).set(sending ? Boolean.TRUE : null);
  }

  private static boolean isSendingBody(Channel channel) {
    return channel.hasAttr(SENDING_BODY) && channel.attr(SENDING_BODY).get() != null;
  }

  /**
   * Marks {@code carrier} as one that ends by {@code end} instead of a close of its connection:
   * one stream of a shared HTTP/2 connection, which is reset, never the connection.
   */
  public static void endsItsOwnWay(Channel carrier, Consumer<Channel> end) {
    carrier.attr(OWN_END).set(end);
  }

  public static ChannelFuture close(Channel channel) {
    Consumer<Channel> ownEnd = channel.hasAttr(OWN_END) ? channel.attr(OWN_END).get() : null;
    if (ownEnd != null) {
      ownEnd.accept(channel);
      return channel.closeFuture();
    }
    ChannelOutboundBuffer pending = channel.unsafe().outboundBuffer();
    if (pending != null) {
      // A ChunkedWriteHandler streaming a body to a fast reader loops on the event loop for as
      // long as the channel stays writable, so the close task queued below would wait for the
      // whole body. Marking the channel unwritable (thread-safe) ends that loop at its next chunk.
      pending.setUserDefinedWritability(ABANDONED_WRITABILITY_INDEX, false);
    }
    boolean unsent = pending != null && pending.totalPendingWriteBytes() > 0;
    if ((unsent || isSendingBody(channel)) && channel.isOpen()) {
      try {
        channel.config().setOption(ChannelOption.SO_LINGER, 0);
      } catch (RuntimeException e) {
        // A transport without SO_LINGER still closes; the reset was only a courtesy to the peer.
        LOGGER.debug("Could not set SO_LINGER 0 on {} before closing it", channel, e);
      }
    }
    return channel.close();
  }
}
