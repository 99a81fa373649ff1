package org.asynchttpclient.netty.ws;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.websocketx.extensions.WebSocketClientExtension;
import java.io.IOException;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;
import org.jetbrains.annotations.Nullable;

/**
 * Where the engine meets WebSocket: the checks of a request when it is submitted, and the end of
 * an upgrade exchange when its final response arrives (after redirects and 401/407 replays, which
 * the engine follows as for any request).
 *
 * <p>On a 101 that passes {@link UpgradeResponseCheck}, the exchange completes by handing its
 * channel over ({@link Exchange#completeWithHandover}): one compare-and-set against a timeout or a
 * cancel; only if it wins is the pipeline switched to WebSocket and do the listeners hear onOpen,
 * before the future completes with the socket. The channel never goes back to the pool and its
 * request timeout is cancelled: from then on only the socket's own timers apply. Any other answer
 * fails the exchange, which closes the channel and calls each listener's onError once.
 *
 * <p>Threads: {@link #onResponse} runs on the channel's event loop.
 */
public final class WebSocketUpgrade {
  private WebSocketUpgrade() {}

  /** Whether the exchange of {@code handler} is a WebSocket upgrade. */
  public static boolean isUpgrade(AsyncHandler<?> handler) {
    return handler instanceof WebSocketUpgradeHandler;
  }

  /**
   * AHC 3.0.11's checks of a submitted request: a {@link WebSocketUpgradeHandler} needs a {@code
   * ws}/{@code wss} URI and GET, and a {@code ws}/{@code wss} URI needs that handler. Returns the
   * failure, or null when the request may be sent.
   */
  public static @Nullable IllegalArgumentException misuse(Request request, AsyncHandler<?> handler) {
    Uri uri = request.getUri();
    if (isUpgrade(handler)) {
      if (!uri.isWebSocket()) {
        return new IllegalArgumentException("uri scheme: " + uri.getScheme()
            + " (expected ws or wss for a WebSocketUpgradeHandler)");
      }
      if (!"GET".equals(request.getMethod())) {
        return new IllegalArgumentException("method: " + request.getMethod()
            + " (expected GET for a WebSocket upgrade)");
      }
    } else if (uri.isWebSocket()) {
      return new IllegalArgumentException("uri scheme: " + uri.getScheme()
          + " (expected a WebSocketUpgradeHandler for a ws or wss URI)");
    }
    return null;
  }

  /** The final response of an upgrade exchange. Loop only. */
  public static void onResponse(
      AsyncHttpClientConfig config,
      Channel channel,
      Attempt attempt,
      HttpResponse response,
      HttpResponseStatus status) {
    assert channel.eventLoop().inEventLoop() : "the upgrade must run on the channel's loop";
    Exchange<?> ex = attempt.exchange();
    WebSocketUpgradeHandler handler = (WebSocketUpgradeHandler) ex.handler();
    WebSocketClientExtension compression;
    try {
      if (handler.onStatusReceived(status) != AsyncHandler.State.CONTINUE) {
        ex.fail(new IOException("WebSocket upgrade of " + attempt.request().getUri() + " refused: status "
            + status.getStatusCode() + " " + status.getStatusText() + " (expected 101)"));
        return;
      }
      HttpHeaders headers = response.headers();
      handler.onHeadersReceived(headers);
      compression = UpgradeResponseCheck.check(
          attempt.request().getUri(), headers, attempt.wire().getHttpRequest().headers(),
          config.getWebSocketMaxDecompressedFrameSize());
    } catch (Exception e) {
      ex.fail(e);
      return;
    }
    ex.completeWithHandover(() -> {
      WebSocketSettings settings = WebSocketSettings.of(config, ex.services().timeouts());
      NettyWebSocket socket =
          WebSocketPipeline.install(channel, response.headers(), config, settings, compression);
      try {
        handler.setWebSocket(socket);
        socket.start();
        handler.onOpen(socket);
      } catch (RuntimeException | Error e) {
        socket.abandon(); // the channel is closed by the hand-over's failure
        throw e;
      }
    });
  }
}
