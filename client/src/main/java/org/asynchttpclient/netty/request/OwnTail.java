package org.asynchttpclient.netty.request;

import io.netty.handler.codec.http.HttpMethod;
import org.jetbrains.annotations.Nullable;

/**
 * What follows the request line of a head built from an {@link OwnHead} (its headers and the blank
 * line), with the method and {@code Host} value it was built for: with the client's configuration,
 * the only inputs of those bytes. Kept by a connection ({@link HeadBuffer#ownTail}) and by the
 * client ({@link NettyRequestFactory#ownTail}), the same record in both.
 *
 * <p>Immutable; {@link #bytes} is never written once the record exists, so any thread may read it.
 */
final class OwnTail {
  // immutable
  final HttpMethod method;
  final String host;
  final byte[] bytes;

  OwnTail(HttpMethod method, String host, byte[] bytes) {
    this.method = method;
    this.host = host;
    this.bytes = bytes;
  }

  /**
   * {@code tail} when its bytes follow the request line of an own head of {@code method} to {@code
   * host}, else null.
   */
  static @Nullable OwnTail matching(@Nullable OwnTail tail, HttpMethod method, String host) {
    return tail != null && tail.method.equals(method) && tail.host.equals(host) ? tail : null;
  }
}
