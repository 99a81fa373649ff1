package org.asynchttpclient.netty.connect;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.io.IOException;
import org.asynchttpclient.Realm;
import org.asynchttpclient.netty.hop.AuthHandshake;
import org.asynchttpclient.netty.hop.AuthHandshakes;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/**
 * The answer to a CONNECT's 407 from a proxy whose realm runs a handshake (NTLM, SPNEGO, SCRAM):
 * the next CONNECT carries the handshake's next credentials, on the same connection when the proxy
 * keeps it open (NTLM requires that), else on a new one (SPNEGO and SCRAM allow it). A handshake
 * with no answer left leaves the 407 to the exchange's handler (a round without handshake); an
 * NTLM proxy that closes the connection is a failure. The rounds stay
 * within the exchange's current hop and its request timeout.
 *
 * <p>Immutable: one decision.
 */
final class TunnelHandshakeRound {
  // immutable
  final @Nullable Throwable failure;
  final @Nullable AuthHandshake handshake;
  final @Nullable String credentials;
  final boolean sameConnection;

  private TunnelHandshakeRound(@Nullable Throwable failure, @Nullable AuthHandshake handshake,
      @Nullable String credentials, boolean sameConnection) {
    this.failure = failure;
    this.handshake = handshake;
    this.credentials = credentials;
    this.sameConnection = sameConnection;
  }

  /** Whether a 407 from {@code proxy} is answered here rather than by {@code ChallengeAnswers}. */
  static boolean applies(ProxyServer proxy) {
    Realm realm = proxy.getRealm();
    return realm != null && AuthHandshakes.isHandshakeScheme(realm.getScheme());
  }

  /**
   * Decides the next round.
   *
   * @param previous the handshake of the CONNECT answered with this 407, or null for the first
   * @param open whether the 407's connection is still open
   */
  static TunnelHandshakeRound decide(AuthHandshakes handshakes, @Nullable AuthHandshake previous,
      ProxyServer proxy, HttpResponse head, boolean open) {
    Realm realm = proxy.getRealm();
    AuthHandshake handshake = previous;
    if (handshake == null && realm != null) {
      handshake = handshakes.start(realm, proxy.getHost(), proxy.getPort());
    }
    String credentials;
    try {
      credentials = handshake == null
          ? null : handshake.answer(head.headers().getAll(HttpHeaderNames.PROXY_AUTHENTICATE));
    } catch (Exception e) {
      return new TunnelHandshakeRound(e, null, null, false);
    }
    if (handshake == null || credentials == null) {
      return new TunnelHandshakeRound(null, null, null, false);
    }
    boolean keptOpen = open && HttpUtil.isKeepAlive(head);
    if (!keptOpen && handshake.connectionBound()) {
      return new TunnelHandshakeRound(new IOException("Proxy " + proxy.getHost()
          + " closed the connection during the " + handshake.scheme()
          + " handshake (expected it kept open: the handshake authenticates the connection)"), null, null, false);
    }
    return new TunnelHandshakeRound(null, handshake, credentials, keptOpen);
  }
}
