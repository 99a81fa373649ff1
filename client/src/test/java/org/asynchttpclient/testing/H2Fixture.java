package org.asynchttpclient.testing;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The base of the HTTP/2 engine tests: an {@link H2TestServer} and the client a test makes (each
 * test makes its own: the server's options and the client's config are what it is about), closed
 * as {@link ClientAndServer} says.
 */
public abstract class H2Fixture extends ClientAndServer<H2TestServer> {
  /** What a test does with a request that reached the server's first connection. */
  protected interface OnFirstConnection {
    void handle(ChannelHandlerContext ctx, H2TestServer.Received request, Channel first)
        throws Exception;
  }

  /**
   * Starts the server with {@code path} routed so that a request on any later connection is answered
   * "second connection" at once, and one on the first goes to {@code onFirst}: the GOAWAY and
   * replay tests hold or refuse streams on the first connection and look for them on a second.
   */
  protected void routeTheFirstConnection(String path, OnFirstConnection onFirst) throws Exception {
    server = new H2TestServer();
    server.route(
        path,
        (ctx, req) -> {
          Channel first = server.connections().get(0);
          if (req.connection != first) {
            TestServer.respond(ctx, true, HttpResponseStatus.OK, "second connection");
            return;
          }
          onFirst.handle(ctx, req, first);
        });
  }
}
