package org.asynchttpclient.events;

import io.netty.handler.codec.http.HttpHeaders;
import java.net.SocketAddress;
import org.asynchttpclient.Request;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;

/**
 * What an {@link ExchangeListener} may read of one hop (one physical send) of an exchange. The
 * same object is passed to every event of the hop, so a listener can keep per-hop state (a span,
 * a timer sample) in {@link #setAttachment}.
 *
 * <p>Threads: any; see {@link ExchangeListener} for when each value is known.
 */
public interface HopView {

  ExchangeView exchange();

  /** 0 for the first hop, one more for each redirect, auth replay or retry. */
  int number();

  HopKind kind();

  /** The request this hop sends. */
  Request request();

  /**
   * The headers that go on the wire. They may be changed in {@link ExchangeListener#hopStarted}
   * (to propagate a trace context, say), and only there: the request is written after it returns.
   */
  HttpHeaders requestHeaders();

  /** The remote address once connected, else null. */
  @Nullable SocketAddress remoteAddress();

  /**
   * The HTTP version the hop's request goes out in, as OpenTelemetry's {@code
   * network.protocol.version} writes it: {@code "1.1"}, or {@code "2"} when the hop is a stream of
   * an HTTP/2 connection; null while the hop has no connection whose protocol is settled. On a
   * pooled connection, on the same connection as the previous hop, and on an HTTP/2 stream it is
   * known from {@link ExchangeListener#connectionAcquired} on; on a new connection, whose TLS
   * handshake may still pick HTTP/2 (ALPN), from {@link ExchangeListener#requestWritten} on, and
   * it is set before the request's first byte is written. It stays null for a hop that failed
   * before that.
   */
  default @Nullable String protocolVersion() {
    return null;
  }

  /** What the hop is doing now. */
  ExchangeTimeoutException.Phase phase();

  /** The response status once its head arrived, else 0. */
  int statusCode();

  /** Ticker time (System.nanoTime scale) at which the hop started. */
  long startNanos();

  /** The value {@code listener} attached to this hop, or null. */
  @Nullable Object getAttachment(ExchangeListener listener);

  /** Attaches a value for {@code listener} (one per listener) to this hop. */
  void setAttachment(ExchangeListener listener, @Nullable Object value);
}
