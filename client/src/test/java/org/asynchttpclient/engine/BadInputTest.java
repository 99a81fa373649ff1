package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Input that would break the request's framing or makes no sense is refused with an
 * IllegalArgumentException naming the value, before any connection is opened.
 */
class BadInputTest extends HelloFixture {
  @AfterEach
  void stop() throws Exception {
    // Whatever a test tried, a well-formed request still works afterwards...
    assertEquals("hi", client().prepareGet(server.url("/hello")).execute().get(10, TimeUnit.SECONDS).getResponseBody());
    // ...and it is the only thing that ever reached the server.
    assertEquals(1, server.acceptedCount());
    assertEquals(1, server.received().size());
  }

  /** Sending a request: the refusal may be thrown, or fail the returned future at once. */
  private interface Sending {
    Future<?> run() throws Exception;
  }

  /** Building a request or a config: the refusal must be thrown. */
  private interface Building {
    void run() throws Exception;
  }

  private static void refused(Sending attempt, String... mentions) throws Exception {
    IllegalArgumentException e;
    try {
      Future<?> result = attempt.run();
      ExecutionException ee = Await.failed(result, 5);
      e = assertInstanceOf(IllegalArgumentException.class, ee.getCause());
    } catch (IllegalArgumentException thrown) {
      e = thrown;
    }
    assertMentions(e, mentions);
  }

  private static void refusedToBuild(Building attempt, String... mentions) {
    assertMentions(assertThrows(IllegalArgumentException.class, attempt::run), mentions);
  }

  private static void assertMentions(IllegalArgumentException e, String... mentions) {
    for (String m : mentions) {
      assertTrue(e.getMessage() != null && e.getMessage().contains(m), "message lacks " + m + ": " + e.getMessage());
    }
  }

  @Test
  void invalidUrls() throws Exception {
    refused(() -> client().prepareGet("not a url").execute(), "not a url");
    refused(() -> client().prepareGet("ftp://127.0.0.1/file").execute(), "ftp");
    refused(() -> client().prepareGet("http://").execute(), "http://");
    refused(() -> client().prepareGet("/relative/only").execute(), "/relative/only");
  }

  @Test
  void aRawSpaceIsRefusedAtTheRequestLine() throws Exception {
    // Uri accepts a space in the path and query as 3.0.11 does, and FIXING sends it as %20; a RAW
    // request keeps it, and a space would end the request target, so writing the request refuses it.
    Request spaced = new RequestBuilder("GET", true).setUrl(server.url("/hello") + "?q=a b").build();
    refused(() -> client().executeRequest(spaced), "request target", "q=a b");
  }

  @Test
  void crLfInHeaderValues() throws Exception {
    String url = server.url("/hello");
    refused(() -> client().prepareGet(url).addHeader("X-Bad", "a\r\nInjected: 1").execute(), "X-Bad");
    refused(() -> client().prepareGet(url).setHeader("X-Bad", "a\nInjected: 1").execute(), "X-Bad");
    refused(() -> client().prepareGet(url).addHeader("X-Bad", "a\rb").execute(), "X-Bad");
    refused(
        () -> client().prepareGet(url).setHeaders(Map.of("X-Bad", List.of("ok", "a\r\nInjected: 1"))).execute(),
        "X-Bad");
    refused(
        () -> client().prepareGet(url).setSingleHeaders(Map.of("X-Bad", "a\r\nInjected: 1")).execute(),
        "X-Bad");
    DefaultHttpHeaders headers = new DefaultHttpHeaders(false);
    headers.add("X-Bad", "a\r\nInjected: 1");
    refused(() -> client().prepareGet(url).setHeaders(headers).execute(), "X-Bad");
  }

  @Test
  void badHeaderNames() throws Exception {
    String url = server.url("/hello");
    refused(() -> client().prepareGet(url).addHeader("X Bad", "v").execute(), "X Bad");
    refused(() -> client().prepareGet(url).addHeader("X-Bad\r\nInjected", "v").execute(), "Injected");
    refused(() -> client().prepareGet(url).addHeader("X:Bad", "v").execute(), "X:Bad");
  }

  @Test
  void crLfSmuggledIntoABuiltRequest() throws Exception {
    // The builder checks what it is given; a built request's headers might still be changed
    // afterwards. Either the headers object refuses, or the prototype path and direct execution do.
    Request prototype = new RequestBuilder().setUrl(server.url("/hello")).build();
    try {
      prototype.getHeaders().add("X-Bad", "a\r\nInjected: 1");
    } catch (IllegalArgumentException refusedByHeaders) {
      assertTrue(refusedByHeaders.getMessage().contains("X-Bad"), refusedByHeaders.getMessage());
      return;
    }
    refused(() -> client().prepareRequest(prototype).execute(), "X-Bad");
    refused(() -> client().executeRequest(prototype), "X-Bad");
  }

  @Test
  void badMethodTokens() throws Exception {
    String url = server.url("/hello");
    refused(() -> client().prepare("GE T", url).execute(), "GE T");
    refused(() -> client().prepare("GET\r\nX", url).execute());
    refused(() -> client().prepare("", url).execute());
    refusedToBuild(() -> new RequestBuilder("BAD(METHOD)").setUrl(url).build(), "BAD(METHOD)");
  }

  @Test
  void negativeTimeouts() throws Exception {
    String url = server.url("/hello");
    refused(() -> client().prepareGet(url).setRequestTimeout(Duration.ofMillis(-5)).execute(), "requestTimeout", "-5");
    refused(() -> client().prepareGet(url).setReadTimeout(Duration.ofMillis(-2)).execute(), "readTimeout", "-2");
    // The config builder shows durations in ISO-8601 (PT-0.005S): still the value, in another form.
    refusedToBuild(() -> ClientFixture.config().setRequestTimeout(Duration.ofMillis(-5)), "requestTimeout", "-0.005");
    refusedToBuild(() -> ClientFixture.config().setReadTimeout(Duration.ofMillis(-7)), "readTimeout", "-0.007");
    refusedToBuild(() -> ClientFixture.config().setConnectTimeout(Duration.ofMillis(-1)), "connectTimeout");
    refusedToBuild(
        () -> ClientFixture.config().setPooledConnectionIdleTimeout(Duration.ofMillis(-9)),
        "pooledConnectionIdleTimeout",
        "-0.009");
    refusedToBuild(() -> ClientFixture.config().setConnectionTtl(Duration.ofMillis(-9)), "connectionTtl", "-0.009");
    refusedToBuild(() -> ClientFixture.config().setAcquireFreeChannelTimeout(-3), "acquireFreeChannelTimeout", "-3");
    refusedToBuild(() -> ClientFixture.config().setMaxConnections(-2), "maxConnections", "-2");
  }

  @Test
  void minusOneMillisecondMeansNoTimeout() throws Exception {
    // Accepted, not refused: -1 ms is the documented "none".
    Request r =
        client().prepareGet(server.url("/hello"))
            .setRequestTimeout(Duration.ofMillis(-1))
            .setReadTimeout(Duration.ofMillis(-1))
            .build();
    assertEquals(Duration.ofMillis(-1), r.getRequestTimeout());
    assertEquals(Duration.ofMillis(-1), r.getReadTimeout());
    org.asynchttpclient.AsyncHttpClientConfig config =
        ClientFixture.config().setRequestTimeout(Duration.ofMillis(-1)).setReadTimeout(Duration.ofMillis(-1)).build();
    assertEquals(Duration.ofMillis(-1), config.getRequestTimeout());
    assertEquals(Duration.ofMillis(-1), config.getReadTimeout());
  }
}
