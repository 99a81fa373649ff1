package org.asynchttpclient.resolver;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public enum RequestHostnameResolver {
  INSTANCE;
  public io.netty.util.concurrent.Future<java.util.List<java.net.InetSocketAddress>> resolve(io.netty.resolver.NameResolver<java.net.InetAddress> p0, java.net.InetSocketAddress p1, org.asynchttpclient.AsyncHandler<?> p2) { throw new UnsupportedOperationException("stub"); }
  public io.netty.util.concurrent.Future<java.util.List<java.net.InetSocketAddress>> resolve(io.netty.resolver.AddressResolver<java.net.InetSocketAddress> p0, java.net.InetSocketAddress p1, org.asynchttpclient.AsyncHandler<?> p2) { throw new UnsupportedOperationException("stub"); }
}
