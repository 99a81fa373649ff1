package org.asynchttpclient.netty.h2;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.util.AttributeKey;
import java.nio.charset.StandardCharsets;
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

  /**
   * Records the reason of a GOAWAY with an error that the client's codec sends. A connection error
   * the codec finds on its own writes (more than its limit of queued control frames: a peer that
   * floods PINGs or SETTINGS and reads none of the acks) never reaches the pipeline as an
   * exception; the GOAWAY it sends before closing is the only place that names it. An error found
   * in what the peer sent was recorded first, from the exception, and stays.
   */
  static Http2ConnectionAdapter fromGoAwaySent(Channel connection) {
    return new Http2ConnectionAdapter() {
      @Override
      public void onGoAwaySent(int lastStreamId, long errorCode, ByteBuf debugData) {
        if (errorCode == Http2Error.NO_ERROR.code()) {
          return;
        }
        Http2Error error = Http2Error.valueOf(errorCode);
        set(
            connection,
            "sent GOAWAY " + (error != null ? error.name() : "error code " + errorCode) + ": "
                + debugData.toString(StandardCharsets.UTF_8));
      }
    };
  }
}
