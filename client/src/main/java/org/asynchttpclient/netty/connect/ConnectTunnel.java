package org.asynchttpclient.netty.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.concurrent.Promise;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.Realm;
import org.asynchttpclient.netty.channel.ChannelClosing;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.auth.AuthHandshake;
import org.asynchttpclient.netty.auth.AuthHandshakes;
import org.asynchttpclient.netty.auth.ChallengeAnswers;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.request.NettyRequestFactory;
import org.asynchttpclient.netty.request.ProxyCustomHeaders;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Connects through an HTTP proxy (over TLS for an {@link ProxyType#HTTPS} proxy); for an {@code
 * https}, {@code wss} or {@code ws} target it then opens a CONNECT tunnel and starts TLS with an
 * {@code https} or {@code wss} target through it. A 407 to the CONNECT is answered once, when the
 * proxy's realm answers one of its challenges (Basic made preemptive, or Digest over {@code
 * CONNECT host:port}): on a fresh connection, since the proxy may close this one after its 407.
 * That second CONNECT carries {@code Proxy-Authorization}, so a second 407 ends the exchange: the
 * credentials were refused and there is no loop. A proxy realm whose scheme runs a handshake
 * (NTLM, SPNEGO, SCRAM) answers each 407 with its next round instead ({@link
 * TunnelHandshakeRound}): on the same connection while the proxy keeps it open, which NTLM
 * requires. Each CONNECT carries the proxy's custom headers ({@link
 * ProxyServer#getCustomHeaders()}), as in 3.0.11.
 *
 * <p>A final answer other than 2xx (a 403, a 407 left unanswered) is the exchange's response, as
 * in 3.0.11: the handler hears it ({@link RefusedConnect}) and the connection is closed.
 *
 * <p>Threads: {@link #viaProxy} is called from any thread; the rest runs on the channel's loop.
 * Holds only configuration.
 */
final class ConnectTunnel {
  // immutable
  private final AsyncHttpClientConfig config;
  private final NettyRequestFactory requestFactory;
  private final Supplier<HttpClientCodec> codecs;
  private final Dialer dialer;
  private final TlsHandshake tls;
  private final AuthHandshakes handshakes;

  ConnectTunnel(AsyncHttpClientConfig config, NettyRequestFactory requestFactory,
      Supplier<HttpClientCodec> codecs, Dialer dialer, TlsHandshake tls) {
    this.config = config;
    this.handshakes = new AuthHandshakes(config.isNtlmV2Only());
    this.requestFactory = requestFactory;
    this.codecs = codecs;
    this.dialer = dialer;
    this.tls = tls;
  }

  /**
   * Connects to {@code proxy}, then opens the tunnel when the target needs one. {@code round}: the
   * handshake round a CONNECT continues on this new connection, or null.
   */
  void viaProxy(
      Attempt attempt,
      Uri target,
      ProxyServer proxy,
      Consumer<Channel> onReady,
      @Nullable TunnelHandshakeRound round) {
    boolean tlsToProxy = proxy.getProxyType() == ProxyType.HTTPS;
    int port = tlsToProxy ? proxy.getSecuredPort() : proxy.getPort();
    Consumer<Channel> afterProxy =
        ch -> {
          if (target.isSecured() || target.isWebSocket()) {
            open(attempt, target, proxy, ch, onReady, round);
          } else {
            onReady.accept(ch);
          }
        };
    dialer.resolveAndDial(
        attempt,
        proxy.getHost(),
        port,
        ch -> {
          if (tlsToProxy) {
            tls.secure(attempt, proxy.getHost(), port, false, ch, afterProxy);
          } else {
            afterProxy.accept(ch);
          }
        });
  }

  private void open(
      Attempt attempt,
      Uri target,
      ProxyServer proxy,
      Channel ch,
      Consumer<Channel> onReady,
      @Nullable TunnelHandshakeRound round) {
    NettyRequest connect;
    try {
      connect =
          requestFactory.newNettyRequest(attempt.request(), true, proxy, null, proxy.getRealm());
      ProxyCustomHeaders.addTo(connect, proxy, attempt.request());
      if (round != null && round.credentials != null) {
        connect.getHttpRequest().headers().set(HttpHeaderNames.PROXY_AUTHORIZATION, round.credentials);
      }
    } catch (RuntimeException e) {
      Dialer.fail(attempt, ch, e);
      return;
    }
    boolean sentCredentials =
        connect.getHttpRequest().headers().contains(HttpHeaderNames.PROXY_AUTHORIZATION);
    Promise<FullHttpResponse> answered = ch.eventLoop().newPromise();
    ch.pipeline().addBefore("ahc-handler", TunnelHandler.NAME, new TunnelHandler(answered));
    ch.writeAndFlush(connect.getHttpRequest())
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                answered.tryFailure(f.cause());
              }
            });
    answered.addListener(
        f -> {
          if (!f.isSuccess()) {
            Dialer.fail(attempt, ch, f.cause());
            return;
          }
          FullHttpResponse answer = (FullHttpResponse) f.getNow();
          try {
            onAnswer(attempt, target, proxy, ch, onReady, round, sentCredentials, answer);
          } finally {
            answer.release();
          }
        });
  }

  private void onAnswer(
      Attempt attempt,
      Uri target,
      ProxyServer proxy,
      Channel ch,
      Consumer<Channel> onReady,
      @Nullable TunnelHandshakeRound round,
      boolean sentCredentials,
      FullHttpResponse answer) {
    int status = answer.status().code();
    if (status == 407 && TunnelHandshakeRound.applies(proxy)) {
      nextRound(attempt, target, proxy, ch, onReady, round, answer);
      return;
    }
    AuthHandshake handshake = round != null ? round.handshake : null;
    if (handshake != null && status >= 200 && status < 300) {
      try {
        handshake.finish(status, answer.headers(), true);
      } catch (Exception e) {
        Dialer.fail(attempt, ch, e);
        return;
      }
    }
    ProxyServer withCredentials =
        status == 407 && !sentCredentials ? answeredProxy(proxy, answer.headers(), target) : null;
    if (withCredentials != null) {
      attempt.takeCarrier(ch);
      ChannelClosing.close(ch);
      viaProxy(attempt, target, withCredentials, onReady, null);
      return;
    }
    ch.pipeline().remove(TunnelHandler.NAME);
    if (status < 200 || status >= 300) {
      RefusedConnect.deliver(config, attempt, ch, answer);
      return;
    }
    // The codec stopped parsing after the CONNECT answer: a fresh one speaks through the tunnel.
    ch.pipeline().replace("http", "http", codecs.get());
    // A ws:// target is tunnelled too (as in 3.0.11), in clear text: secureTarget hands it on.
    tls.secureTarget(attempt, target, ch, onReady);
  }

  private void nextRound(
      Attempt attempt,
      Uri target,
      ProxyServer proxy,
      Channel ch,
      Consumer<Channel> onReady,
      @Nullable TunnelHandshakeRound previous,
      FullHttpResponse head) {
    TunnelHandshakeRound next =
        TunnelHandshakeRound.decide(
            handshakes, previous != null ? previous.handshake : null, proxy, head, ch.isActive());
    Throwable failure = next.failure;
    if (failure != null) {
      Dialer.fail(attempt, ch, failure);
    } else if (next.handshake == null) {
      ch.pipeline().remove(TunnelHandler.NAME);
      RefusedConnect.deliver(config, attempt, ch, head);
    } else if (next.sameConnection) {
      ch.pipeline().remove(TunnelHandler.NAME);
      open(attempt, target, proxy, ch, onReady, next);
    } else {
      attempt.takeCarrier(ch);
      ChannelClosing.close(ch);
      viaProxy(attempt, target, proxy, onReady, next);
    }
  }

  /**
   * The proxy with a realm that answers the CONNECT's 407, or null when its realm answers none of
   * the challenges: the 407 then goes to the handler.
   */
  private static @Nullable ProxyServer answeredProxy(
      ProxyServer proxy, HttpHeaders headers, Uri target) {
    Realm realm = proxy.getRealm();
    if (realm == null) {
      return null;
    }
    Realm answer =
        ChallengeAnswers.answer(
            realm,
            headers.getAll(HttpHeaderNames.PROXY_AUTHENTICATE),
            target,
            "CONNECT",
            null,
            false,
            true);
    return answer == null ? null : ChallengeAnswers.withRealm(proxy, answer);
  }
}
