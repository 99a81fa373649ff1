package org.asynchttpclient.netty.channel;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a channel that an exchange gives up on. If bytes are still queued to be written (a body
 * the peer stopped reading), an orderly close would queue the FIN behind them: a peer that never
 * reads again never sees the close, and both sides keep the connection until the kernel gives
 * up, minutes later. Such a channel is reset instead (SO_LINGER 0), which ends it on both sides at
 * once. A channel with nothing pending gets an ordinary close. Either way the channel is first
 * marked unwritable, so a body still streaming on its event loop stops at once.
 *
 * <p>Threads: any; the pending-bytes check reads a counter Netty keeps for writability.
 */
public final class ChannelClosing {
  private static final Logger LOGGER = LoggerFactory.getLogger(ChannelClosing.class);

  /** The user-defined writability bit (1..31) this class clears on a channel it closes. */
  static final int ABANDONED_WRITABILITY_INDEX = 31;

  private ChannelClosing() {}

  public static ChannelFuture close(Channel channel) {
    ChannelOutboundBuffer pending = channel.unsafe().outboundBuffer();
    if (pending != null) {
      // A ChunkedWriteHandler streaming a body to a fast reader loops on the event loop for as
      // long as the channel stays writable, so the close task queued below would wait for the
      // whole body. Marking the channel unwritable (thread-safe) ends that loop at its next chunk.
      pending.setUserDefinedWritability(ABANDONED_WRITABILITY_INDEX, false);
    }
    if (pending != null && pending.totalPendingWriteBytes() > 0 && channel.isOpen()) {
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
