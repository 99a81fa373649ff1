package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

/** PLACEHOLDER (replaced by the encoder branch): a request body written after the head. */
public interface NettyBody {
  long getContentLength();

  ChannelFuture write(Channel channel);

  boolean isReplayable();
}
