package org.asynchttpclient.channel;

import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.net.InetSocketAddress;
import org.asynchttpclient.Request;

/** Decides whether a connection may be reused (returned to the pool) once an exchange on it is done. */
public interface KeepAliveStrategy {

  /**
   * Whether the connection that carried this exchange may be kept alive. Called on the connection's I/O
   * thread; must not block.
   *
   * @param remoteAddress the address of the server
   * @param ahcRequest the user's request
   * @param nettyRequest the request as written on the wire
   * @param nettyResponse the response head as received
   */
  boolean keepAlive(
      InetSocketAddress remoteAddress,
      Request ahcRequest,
      HttpRequest nettyRequest,
      HttpResponse nettyResponse);
}
