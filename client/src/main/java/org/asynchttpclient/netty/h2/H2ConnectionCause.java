package org.asynchttpclient.netty.h2;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import org.jetbrains.annotations.Nullable;

/**
 * Why the client ended an HTTP/2 connection, kept on the connection so that each stream it cut
 * reports the reason instead of a bare "closed".
 */
final class H2ConnectionCause {
  private static final AttributeKey<String> CAUSE = AttributeKey.valueOf("ahc.h2.closeCause");

  private H2ConnectionCause() {}

  static void set(Channel connection, String cause) {
    connection.attr(CAUSE).setIfAbsent(cause);
  }

  static @Nullable String get(Channel connection) {
    return connection.hasAttr(CAUSE) ? connection.attr(CAUSE).get() : null;
  }
}
