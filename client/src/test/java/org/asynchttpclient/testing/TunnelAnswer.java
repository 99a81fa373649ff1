package org.asynchttpclient.testing;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * What a test SOCKS proxy puts in its pipeline after the grant: it answers the tunnelled HTTP request
 * itself with a fixed body, so the test needs no target server behind the proxy. It installs its own
 * HTTP codec in front of it, since the SOCKS codec stood there until the grant.
 */
public final class TunnelAnswer extends SimpleChannelInboundHandler<FullHttpRequest> {
  private final String body;

  public TunnelAnswer(String body) {
    this.body = body;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    ctx.pipeline().addBefore(ctx.name(), "codec", new HttpServerCodec());
    ctx.pipeline().addBefore(ctx.name(), "aggregator", new HttpObjectAggregator(8192));
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
    TestServer.respond(ctx, req, HttpResponseStatus.OK, body);
  }
}
