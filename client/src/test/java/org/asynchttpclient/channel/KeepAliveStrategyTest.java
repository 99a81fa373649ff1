package org.asynchttpclient.channel;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import org.asynchttpclient.HandlerTestFixtures;
import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class KeepAliveStrategyTest {

  private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 8080);
  private static final Request AHC_REQUEST = HandlerTestFixtures.request("GET /");
  private final KeepAliveStrategy strategy = new DefaultKeepAliveStrategy();

  private static HttpRequest request(HttpVersion version, @Nullable String connection) {
    HttpRequest r = new DefaultHttpRequest(version, HttpMethod.GET, "/");
    if (connection != null) {
      r.headers().set("Connection", connection);
    }
    return r;
  }

  private static HttpResponse response(HttpVersion version, @Nullable String connection) {
    HttpResponse r = new DefaultHttpResponse(version, HttpResponseStatus.OK);
    if (connection != null) {
      r.headers().set("Connection", connection);
    }
    return r;
  }

  private boolean keepAlive(HttpRequest request, HttpResponse response) {
    return strategy.keepAlive(SERVER, AHC_REQUEST, request, response);
  }

  @Test
  void http11IsPersistentByDefault() {
    assertTrue(keepAlive(request(HttpVersion.HTTP_1_1, null), response(HttpVersion.HTTP_1_1, null)));
  }

  @Test
  void connectionCloseOnEitherSideEndsIt() {
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_1, "close"), response(HttpVersion.HTTP_1_1, null)));
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_1, null), response(HttpVersion.HTTP_1_1, "close")));
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_1, null), response(HttpVersion.HTTP_1_1, "Close")));
  }

  @Test
  void http10NeedsAnExplicitKeepAlive() {
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_1, null), response(HttpVersion.HTTP_1_0, null)));
    assertTrue(
        keepAlive(request(HttpVersion.HTTP_1_1, null), response(HttpVersion.HTTP_1_0, "keep-alive")));
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_0, null), response(HttpVersion.HTTP_1_1, null)));
  }

  @Test
  void proxyConnectionCloseEndsIt() {
    HttpResponse response = response(HttpVersion.HTTP_1_1, null);
    response.headers().set("Proxy-Connection", "close");
    assertFalse(keepAlive(request(HttpVersion.HTTP_1_1, null), response));
  }

  @Test
  void noopPoolKeepsNothing() {
    EmbeddedChannel channel = new EmbeddedChannel();
    assertFalse(NoopChannelPool.INSTANCE.offer(channel, "k"));
    assertNull(NoopChannelPool.INSTANCE.poll("k"));
    assertTrue(NoopChannelPool.INSTANCE.isOpen());
    assertTrue(NoopChannelPool.INSTANCE.getIdleChannelCountPerHost().isEmpty());
    channel.finishAndReleaseAll();
  }
}
