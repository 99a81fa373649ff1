package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.exception.RemotelyClosedException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.OneShotStream;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IOExceptionFilterTest extends HelloFixture {
  private final List<IOException> filtered = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    // the first request's connection is closed without an answer; later ones get 200
    server.route(
        "/drop-once",
        TestServer.onceThen(
            (ctx, req) -> ctx.close(),
            (ctx, req) ->
                TestServer.respond(
                    ctx, req, HttpResponseStatus.OK, "ok " + req.content().toString(StandardCharsets.UTF_8))));
    server.route("/other", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "other"));
    // the first answer is cut after part of its body reached the client; later ones are whole
    server.route(
        "/cut-once",
        TestServer.onceThen(
            (ctx, req) -> {
              DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
              HttpUtil.setContentLength(head, 100);
              ctx.write(head);
              ctx.writeAndFlush(
                      new DefaultHttpContent(Unpooled.copiedBuffer("first part", StandardCharsets.UTF_8)))
                  .addListener(f -> ctx.close());
            },
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "whole")));
  }

  /** Records the failure, then asks for a replay when {@code replay}. */
  private IOExceptionFilter recording(boolean replay) {
    return new IOExceptionFilter() {
      @Override
      public <T> FilterContext<T> filter(FilterContext<T> ctx) {
        filtered.add(ctx.getIOException());
        return replay ? new FilterContext.FilterContextBuilder<>(ctx).replayRequest(true).build() : ctx;
      }
    };
  }

  private static DefaultAsyncHttpClient client(IOExceptionFilter filter) {
    // no built-in retry: whatever replay happens is the filter's
    return ClientFixture.client(
        ClientFixture.config().setMaxRequestRetry(0).addIOExceptionFilter(filter));
  }

  /**
   * After body parts reached the handler, with no built-in retry left (maxRequestRetry 0 here), the
   * filters still hear the failure, and one that explicitly asks for a replay gets it, as in 3.0.11.
   */
  @Test
  void aFailureAfterBodyPartsGoesToTheFiltersWhichMayReplay() throws Exception {
    try (DefaultAsyncHttpClient client = client(recording(true))) {
      Response r = client.preparePost(server.url("/cut-once")).setBody("p").execute().get(5, TimeUnit.SECONDS);
      assertEquals("whole", r.getResponseBody());
    }
    assertEquals(2, server.received().size());
    assertEquals(1, filtered.size());
  }

  /**
   * GETs {@code path} with a filter that hears the failure but asks for no replay; asserts that the
   * request was sent once and the filter heard it once, and returns why the exchange failed.
   */
  private Throwable failsWithoutAReplay(String path) throws Exception {
    try (DefaultAsyncHttpClient client = client(recording(false))) {
      ExecutionException e = Await.failed(client.prepareGet(server.url(path)).execute(), 5);
      assertEquals(1, server.received().size());
      assertEquals(1, filtered.size(), "the filter did not hear the failure");
      return e.getCause();
    }
  }

  @Test
  void aFailureAfterBodyPartsFailsWhenNoFilterAsksForAReplay() throws Exception {
    assertInstanceOf(RemotelyClosedException.class, failsWithoutAReplay("/cut-once"));
  }

  @Test
  void filterAskingForAReplayGetsIt() throws Exception {
    try (DefaultAsyncHttpClient client = client(recording(true))) {
      Response r =
          client.preparePost(server.url("/drop-once")).setBody("payload").execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("ok payload", r.getResponseBody());
    }
    assertEquals(2, server.received().size());
    assertEquals(1, filtered.size());
    assertNotNull(filtered.get(0));
  }

  @Test
  void filterNotAskingLetsTheFailureThrough() throws Exception {
    assertInstanceOf(IOException.class, failsWithoutAReplay("/drop-once"));
  }

  @Test
  void filterExceptionFailsTheExchange() throws Exception {
    IOExceptionFilter refuse =
        new IOExceptionFilter() {
          @Override
          public <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException {
            throw new FilterException("no replay for you");
          }
        };
    try (DefaultAsyncHttpClient client = client(refuse)) {
      ExecutionException e =
          Await.failed(client.prepareGet(server.url("/drop-once")).execute(), 5);
      assertInstanceOf(FilterException.class, e.getCause());
      assertEquals("no replay for you", e.getCause().getMessage());
    }
  }

  @Test
  void streamBodyIsNotReplayedEvenWhenAsked() throws Exception {
    try (DefaultAsyncHttpClient client = client(recording(true))) {
      ExecutionException e =
          Await.failed(client.preparePost(server.url("/drop-once")).setBody(OneShotStream.of("payload")).execute(), 5);
      assertInstanceOf(IOException.class, e.getCause());
    }
    assertEquals(1, server.received().size());
  }

  @Test
  void replayMayGoElsewhere() throws Exception {
    IOExceptionFilter divert =
        new IOExceptionFilter() {
          @Override
          public <T> FilterContext<T> filter(FilterContext<T> ctx) {
            return new FilterContext.FilterContextBuilder<>(ctx)
                .request(ctx.getRequest().toBuilder().setUrl(server.url("/other")).build())
                .replayRequest(true)
                .build();
          }
        };
    try (DefaultAsyncHttpClient client = client(divert)) {
      Response r = client.prepareGet(server.url("/drop-once")).execute().get(5, TimeUnit.SECONDS);
      assertEquals("other", r.getResponseBody());
      assertEquals(server.url("/other"), r.getUri().toUrl());
    }
  }
}
