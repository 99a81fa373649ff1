package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.WsRecorder;
import org.asynchttpclient.testing.WsTestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every timer of the engine goes through the one scheduler, whose clock a test's {@link
 * ManualTimer} is: a connection's own timers (a WebSocket's idle timeout, an HTTP/2 PING's ack
 * wait) fire when the test advances that clock, on the connection's loop, and not before, without
 * the test sleeping.
 */
class ManualClockTimersTest {
  private final ManualTimer timer = new ManualTimer();
  private DefaultAsyncHttpClient client;
  private WsTestServer ws;
  private H2TestServer h2;

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, h2);
    if (ws != null) {
      ws.close();
    }
  }

  @Test
  void aWebSocketIdleTimeoutFiresWhenTheClockIsAdvanced() throws Exception {
    ws = new WsTestServer(false).socket("/silent", (ch, f) -> {});
    client =
        ClientFixture.client(
            ClientFixture.config().setNettyTimer(timer).setWebSocketIdleTimeout(Duration.ofSeconds(30)));
    WsRecorder events = new WsRecorder();
    NettyWebSocket socket = events.opened(client, ws.url("/silent"));

    timer.advance(Duration.ofSeconds(29));
    assertNull(events.next(Duration.ofMillis(100)), "nothing before the idle timeout: " + events.all());
    assertTrue(socket.isOpen());

    timer.advance(Duration.ofSeconds(1));
    String error = events.next();
    assertTrue(error.startsWith("error:TimeoutException:WebSocket idle timeout"), error);
    assertTrue(events.next().startsWith("close:1001:"), events.all().toString());
    assertFalse(socket.isOpen());
  }

  @Test
  void anHttp2PingWithoutAckClosesTheConnectionWhenTheClockIsAdvanced() throws Exception {
    h2 = new H2TestServer(new H2TestServer.Options().silentOnPing());
    h2.route("/stall", (ctx, req) -> {});
    client =
        ClientFixture.client(
            ClientFixture.config()
                .setUseInsecureTrustManager(true)
                .setNettyTimer(timer)
                // no request or read timeout: the PING is what ends the exchange
                .setRequestTimeout(Duration.ofMillis(-1))
                .setReadTimeout(Duration.ofMillis(-1))
                .setMaxRequestRetry(0)
                .setHttp2PingInterval(Duration.ofSeconds(20)));
    ListenableFuture<Response> f = client.prepareGet(h2.url("/stall")).execute();
    assertTrue(h2.await(() -> h2.received().size() == 1, Duration.ofSeconds(10)), "the request arrived");

    // A read the loop handles after the clock moved (a late SETTINGS ack, say) starts the quiet
    // interval again: advance by intervals, a bounded number of times, until the PING goes out.
    for (int i = 0; i < 5 && h2.pings() == 0; i++) {
      timer.advance(Duration.ofSeconds(20));
      h2.await(() -> h2.pings() > 0, Duration.ofSeconds(2));
    }
    assertEquals(1, h2.pings(), "a PING after a quiet interval");
    assertFalse(f.isDone(), "the connection waits for the ack");

    // The ack wait (the interval, at most 5 s) is armed by the loop task that wrote the PING,
    // which may finish just after the server saw it: advance again if it was not armed yet.
    for (int i = 0; i < 5 && !f.isDone(); i++) {
      timer.advance(Duration.ofSeconds(5));
      Await.untilOrNot(f::isDone, Duration.ofSeconds(2));
    }
    ExecutionException e = Await.failed(f, 10);
    assertInstanceOf(IOException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("PING"), e.getCause().getMessage());
  }
}
