package org.asynchttpclient.channel;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface KeepAliveStrategy {
  boolean keepAlive(java.net.InetSocketAddress p0, org.asynchttpclient.Request p1, io.netty.handler.codec.http.HttpRequest p2, io.netty.handler.codec.http.HttpResponse p3);
}
