package org.asynchttpclient.channel;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class DefaultKeepAliveStrategy implements org.asynchttpclient.channel.KeepAliveStrategy {
  public DefaultKeepAliveStrategy() { throw new UnsupportedOperationException("stub"); }
  public boolean keepAlive(java.net.InetSocketAddress p0, org.asynchttpclient.Request p1, io.netty.handler.codec.http.HttpRequest p2, io.netty.handler.codec.http.HttpResponse p3) { throw new UnsupportedOperationException("stub"); }
}
