package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.channel.DefaultKeepAliveStrategy;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.netty.request.body.TestConfig;
import org.asynchttpclient.netty.request.body.Wire;
import org.asynchttpclient.netty.request.body.WireFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Heads of the factory's own headers only are built when asked for, and written as the bytes of
 * the head they stand for: from a connection's kept tail as from a head built in full.
 */
class OwnHeadTest extends WireFixture {
  private static final HopTarget EXAMPLE = new HopTarget("http", "example.com", 8080, 80, "/p", "q=1", false);
  private static final KeepAliveStrategy DEFAULT_STRATEGY = new DefaultKeepAliveStrategy();
  private static final HopTarget OTHER = new HopTarget("http", "other.example", -1, 80, "/", null, false);

  /** The connection's kept buffer and tail, shared by the heads of one test. */
  private final HeadBuffer connection = new HeadBuffer();

  @AfterEach
  void releaseConnection() {
    connection.release();
  }

  private static NettyRequest request(AsyncHttpClientConfig config, TestRequest request, HopTarget target) {
    return new NettyRequestFactory(config).newNettyRequest(request, target, false, false, null, null);
  }

  /** The bytes Netty's encoder writes for the head, built. */
  private String encodedByNetty(NettyRequest request) {
    assertTrue(channel.writeAndFlush(request.getHttpRequest()).isSuccess());
    return Wire.drain(channel);
  }

  /** The bytes the direct write puts below the codec for the head, on this test's connection. */
  private String writtenDirectly(NettyRequest request) {
    assertNotNull(DirectHeadWrite.writeAndFlush(channel, request, connection), "written directly");
    return Wire.drain(channel);
  }

  @Test
  void aHeadOfOwnHeadersIsWrittenAsTheBytesOfTheHeadItStandsForWithoutBeingBuilt() {
    List<AsyncHttpClientConfig> configs = List.of(
        TestConfig.defaults(),
        new TestConfig().set("isKeepAlive", false).build(),
        new TestConfig().set("isCompressionEnforced", true).set("isEnableAutomaticDecompression", true).build(),
        new TestConfig().set("getUserAgent", null).build());
    for (AsyncHttpClientConfig config : configs) {
      for (String method : List.of("GET", "POST", "DELETE", "OPTIONS")) {
        NettyRequest first = request(config, new TestRequest().method(method), EXAMPLE);
        NettyRequest second = request(config, new TestRequest().method(method), EXAMPLE);
        String expected = encodedByNetty(request(config, new TestRequest().method(method), EXAMPLE));
        assertNotNull(first.unbuiltOwnHead(), method + " on " + config);
        assertEquals(expected, writtenDirectly(first), "the first " + method + ", built in private, on " + config);
        assertEquals(expected, writtenDirectly(second), "the next " + method + ", from the kept tail, on " + config);
        assertNotNull(second.unbuiltOwnHead(), "writing it did not build it");
      }
    }
  }

  @Test
  void aConnectionKeepsTheTailOfOneMethodAndHostAndWritesEachHeadWithItsOwn() {
    AsyncHttpClientConfig config = TestConfig.defaults();
    String[][] heads = {
      {"GET", null}, {"GET", "virtual.example"}, {"POST", null}, {"GET", null}, {"GET", "virtual.example"},
      {"GET", "virtual.example:81"}, {"POST", null}, {"POST", null}
    };
    for (int i = 0; i < heads.length; i++) {
      String method = heads[i][0];
      String virtualHost = heads[i][1];
      for (HopTarget target : List.of(EXAMPLE, OTHER)) {
        TestRequest written = new TestRequest().method(method);
        written.virtualHost = virtualHost;
        TestRequest reference = new TestRequest().method(method);
        reference.virtualHost = virtualHost;
        assertEquals(encodedByNetty(request(config, reference, target)),
            writtenDirectly(request(config, written, target)),
            "head " + i + ": " + method + " with virtual host " + virtualHost + " to " + target.host);
      }
    }
  }

  @Test
  void aHeadAskedForIsBuiltOnceAndWrittenWithWhatWasChangedInIt() {
    NettyRequest request = request(TestConfig.defaults(), new TestRequest(), EXAMPLE);
    writtenDirectly(request(TestConfig.defaults(), new TestRequest(), EXAMPLE)); // a tail kept for it
    // What onRequestSend may do: the head is built and changed before the write.
    request.getHttpRequest().headers().set("X-Changed", "yes");
    assertNull(request.unbuiltOwnHead());
    assertSame(request.getHttpRequest(), request.getHttpRequest(), "built once");
    String wire = writtenDirectly(request);
    assertTrue(wire.contains("X-Changed: yes\r\n"), wire);
    String next = writtenDirectly(request(TestConfig.defaults(), new TestRequest(), EXAMPLE));
    assertFalse(next.contains("X-Changed"), "the change is not kept for the connection's next head: " + next);
  }

  @Test
  void anythingOfTheUsersBuildsTheHeadAsBefore() {
    AsyncHttpClientConfig config = TestConfig.defaults();
    TestRequest withHeader = new TestRequest().header("X-Mine", "1");
    TestRequest withCookie = new TestRequest();
    withCookie.cookies.add(new DefaultCookie("c", "v"));
    TestRequest withRange = new TestRequest();
    withRange.rangeOffset = 10;
    TestRequest withBody = new TestRequest().method("POST");
    withBody.byteData = "x".getBytes(StandardCharsets.US_ASCII);
    for (TestRequest r : List.of(withHeader, withCookie, withRange, withBody)) {
      assertNull(request(config, r, EXAMPLE).unbuiltOwnHead());
    }
    NettyRequestFactory factory = new NettyRequestFactory(config);
    assertNull(factory.newNettyRequest(new TestRequest(), EXAMPLE, false, false, "Basic eA==", null).unbuiltOwnHead());
    assertNull(factory.newNettyRequest(new TestRequest(), EXAMPLE, true, false, null, null).unbuiltOwnHead());
  }

  @Test
  void aBadVirtualHostOrUserAgentFailsTheCallAsWhenTheHeadIsBuilt() {
    TestRequest badHost = new TestRequest();
    badHost.virtualHost = "evil.example\r\nX-Injected: 1";
    IllegalArgumentException host =
        assertThrows(IllegalArgumentException.class, () -> request(TestConfig.defaults(), badHost, EXAMPLE));
    assertTrue(String.valueOf(host.getMessage()).contains("virtual host"), host.getMessage());
    AsyncHttpClientConfig badAgent = new TestConfig().set("getUserAgent", "AHC\r\nX-Injected: 1").build();
    IllegalArgumentException agent =
        assertThrows(IllegalArgumentException.class, () -> request(badAgent, new TestRequest(), EXAMPLE));
    assertTrue(String.valueOf(agent.getMessage()).contains("user-agent"), agent.getMessage());
  }

  @Test
  void theDefaultKeepAliveStrategyIsAnsweredWithoutBuildingTheHead() {
    NettyRequest request = request(TestConfig.defaults(), new TestRequest(), EXAMPLE);
    assertTrue(HttpUtil.isKeepAlive(request.headFor(DEFAULT_STRATEGY)));
    assertNotNull(request.unbuiltOwnHead(), "not built for the default strategy");
    assertTrue(HttpUtil.isKeepAlive(request.getHttpRequest()), "the head built says the same");
    assertSame(request.getHttpRequest(), request.headFor(DEFAULT_STRATEGY), "once built, the head itself");

    NettyRequest forUsers = request(TestConfig.defaults(), new TestRequest(), EXAMPLE);
    KeepAliveStrategy subclass = new DefaultKeepAliveStrategy() {};
    HttpRequest seen = forUsers.headFor(subclass);
    assertNull(forUsers.unbuiltOwnHead(), "built for a strategy of the user's (a subclass too)");
    assertSame(forUsers.getHttpRequest(), seen, "a strategy of the user's gets the head itself");

    NettyRequest closing = request(new TestConfig().set("isKeepAlive", false).build(), new TestRequest(), EXAMPLE);
    assertFalse(HttpUtil.isKeepAlive(closing.headFor(DEFAULT_STRATEGY)), "keep-alive off: Connection: close");
    assertNull(closing.unbuiltOwnHead(), "keep-alive off: built, to be read");
  }

  @Test
  void aNewConnectionsFirstOwnHeadIsWrittenFromTheTailTheClientKept() {
    NettyRequestFactory factory = new NettyRequestFactory(TestConfig.defaults());
    String expected = encodedByNetty(request(TestConfig.defaults(), new TestRequest(), EXAMPLE));
    assertEquals(expected, writtenDirectly(factory.newNettyRequest(new TestRequest(), EXAMPLE, false, false, null, null)));
    OwnTail kept = factory.ownTail(HttpMethod.GET, "example.com:8080");
    assertNotNull(kept, "the first head's tail is kept for the client");
    HeadBuffer second = new HeadBuffer();
    try {
      NettyRequest onSecond = factory.newNettyRequest(new TestRequest(), EXAMPLE, false, false, null, null);
      assertNotNull(DirectHeadWrite.writeAndFlush(channel, onSecond, second));
      assertEquals(expected, Wire.drain(channel), "a new connection's first head");
      assertSame(kept, second.ownTail(HttpMethod.GET, "example.com:8080"),
          "taken from the client's, not built again");
      assertNull(factory.ownTail(HttpMethod.POST, "example.com:8080"),
          "kept for the method it was made for only");
    } finally {
      second.release();
    }
    for (int i = 0; i < NettyRequestFactory.MAX_TAILS; i++) {
      factory.keepOwnTail(new OwnTail(HttpMethod.GET, "h" + i, new byte[0]));
    }
    assertNull(factory.ownTail(HttpMethod.GET, "example.com:8080"),
        "ever new hosts start the client's tails over");
    assertNotNull(factory.ownTail(HttpMethod.GET, "h255"));
  }
}
