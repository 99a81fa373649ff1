package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import org.asynchttpclient.Request;

/**
 * What a bodiless head made only of the factory's own headers is built from (no header, cookie or
 * credential of the user's, no range, tunnel or upgrade): the common GET. Its request line is the
 * method and the target; everything after it is fixed by the method, the {@code Host} value and
 * the client's configuration, so a connection that wrote one such head can write the next from
 * the bytes it kept ({@link HeadBuffer#ownTail}) without building Netty's header table at all.
 *
 * <p>Immutable; {@link #build} makes the head the factory would have made, every time the same.
 */
final class OwnHead {
  // immutable
  final NettyRequestFactory factory;
  final Request request;
  final HopTarget target;
  final boolean viaHttpProxy;
  final HttpMethod method;
  final String requestTarget;
  /** The {@code Host} value, already checked: the only header text that varies between requests. */
  final String host;

  /**
   * @throws IllegalArgumentException naming the value when the request's virtual host would break
   *     the head, as building the head would
   */
  OwnHead(NettyRequestFactory factory, Request request, HopTarget target, boolean viaHttpProxy,
      HttpMethod method, String requestTarget) {
    this.factory = factory;
    this.request = request;
    this.target = target;
    this.viaHttpProxy = viaHttpProxy;
    this.method = method;
    this.requestTarget = requestTarget;
    this.host = NettyRequestFactory.ownHostHeader(request, target);
  }

  HttpRequest build() {
    return factory.head(request, target, false, viaHttpProxy, method, requestTarget, null, null, null);
  }
}
