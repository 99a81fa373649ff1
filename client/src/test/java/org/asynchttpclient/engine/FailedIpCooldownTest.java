package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.LoadBalance;
import org.asynchttpclient.testing.AddressListResolver;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.ManualTimer;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The failed-IP cooldown: a host resolving to 127.0.0.2 (nothing listens: refused) then 127.0.0.1
 * (the server); keep-alive off, so every request opens a connection. The clock is a manual timer's.
 * 3.0.12's RoundRobinSendTypeTest#defaultModeDeprioritizesAFailedIpOnTheNextConnection checks the
 * first part.
 */
class FailedIpCooldownTest {
  private final ManualTimer timer = new ManualTimer();
  private TestServer server;
  private DefaultAsyncHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = new TestServer();
    server.route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
  }

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, server);
    timer.stop();
  }

  private DefaultAsyncHttpClientConfig.Builder config() {
    return ClientFixture.config().setNettyTimer(timer).setKeepAlive(false).setMaxRequestRetry(0);
  }

  /** Connect failures one request heard. */
  private int failuresOfOneRequest() throws Exception {
    RecordingHandler h = new RecordingHandler();
    client
        .prepareGet("http://multi.test:" + server.port() + "/hello")
        .setNameResolver(new AddressListResolver("127.0.0.2", "127.0.0.1"))
        .execute(h)
        .get(10, TimeUnit.SECONDS);
    assertEquals(200, h.status(), h.events().toString());
    return (int) h.names().stream().filter("connectFailure"::equals).count();
  }

  @Test
  void aRefusedAddressIsSkippedUntilItsPeriodEnds() throws Exception {
    client = ClientFixture.client(config().setFailedIpCooldownPeriod(Duration.ofSeconds(10)));
    assertEquals(1, failuresOfOneRequest(), "nothing recorded yet: resolver order");
    assertEquals(0, failuresOfOneRequest(), "127.0.0.2 cools down at the back");
    timer.advance(Duration.ofSeconds(9));
    assertEquals(0, failuresOfOneRequest());
    timer.advance(Duration.ofSeconds(1));
    assertEquals(1, failuresOfOneRequest(), "the period is over: probed again first");
    assertEquals(0, failuresOfOneRequest());
  }

  @Test
  void offEveryNewConnectionTriesItAgain() throws Exception {
    client = ClientFixture.client(config().setFailedIpCooldownEnabled(false));
    assertEquals(1, failuresOfOneRequest());
    assertEquals(1, failuresOfOneRequest());
  }

  @Test
  void itHoldsUnderRoundRobinAndARace() throws Exception {
    client =
        ClientFixture.client(
            config()
                .setLoadBalance(LoadBalance.ROUND_ROBIN)
                .setConnectionAttemptDelay(Duration.ofMillis(200)));
    assertEquals(1, failuresOfOneRequest(), "the race's failure is recorded");
    for (int i = 0; i < 4; i++) {
      assertEquals(0, failuresOfOneRequest(), "whatever the rotation picks, 127.0.0.2 goes last");
    }
  }
}
