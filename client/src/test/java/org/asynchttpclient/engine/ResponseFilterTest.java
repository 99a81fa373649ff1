package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ResponseFilterTest extends HelloFixture {
  @BeforeEach
  void start() throws Exception {
    server.route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
    server.route("/other", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "other"));
    server.route(
        "/moved",
        (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", "/ok"));
    // 503 the first time, 200 afterwards
    server.route(
        "/flaky",
        TestServer.onceThen(
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.SERVICE_UNAVAILABLE, "busy"),
            (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "recovered")));
  }

  /** A filter written as a lambda-friendly function over the context. */
  interface Step {
    FilterContext<?> apply(FilterContext<?> ctx) throws FilterException;
  }

  private static ResponseFilter filter(Step step) {
    return new ResponseFilter() {
      @Override
      @SuppressWarnings("unchecked") // a Step returns a context of the same handler type
      public <T> FilterContext<T> filter(FilterContext<T> ctx) throws FilterException {
        return (FilterContext<T>) step.apply(ctx);
      }
    };
  }

  private static DefaultAsyncHttpClient client(ResponseFilter... filters) {
    DefaultAsyncHttpClientConfig.Builder b = ClientFixture.config().setFollowRedirect(true);
    for (ResponseFilter f : filters) {
      b.addResponseFilter(f);
    }
    return ClientFixture.client(b);
  }

  @Test
  void filtersSeeEveryResponseHeadInOrder() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    ResponseFilter first =
        filter(
            ctx -> {
              seen.add("first " + ctx.getResponseStatus().getStatusCode());
              return ctx;
            });
    ResponseFilter second =
        filter(
            ctx -> {
              seen.add("second " + ctx.getResponseStatus().getStatusCode() + " " + ctx.getResponseHeaders().get("Location"));
              return ctx;
            });
    try (DefaultAsyncHttpClient client = client(first, second)) {
      Response r = client.prepareGet(server.url("/moved")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
    }
    assertEquals(Arrays.asList("first 302", "second 302 /ok", "first 200", "second 200 null"), seen);
  }

  @Test
  void replayRequestSendsTheRequestAgain() throws Exception {
    ResponseFilter retryOn503 =
        filter(
            ctx ->
                ctx.getResponseStatus().getStatusCode() == 503
                    ? new FilterContext.FilterContextBuilder<>(ctx).replayRequest(true).build()
                    : ctx);
    try (DefaultAsyncHttpClient client = client(retryOn503)) {
      Response r = client.prepareGet(server.url("/flaky")).execute().get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("recovered", r.getResponseBody());
      assertEquals(2, server.received().size());
    }
  }

  @Test
  void replayMaySendAnotherRequest() throws Exception {
    ResponseFilter divert =
        filter(
            ctx ->
                ctx.getRequest().getUri().getPath().equals("/ok")
                    ? new FilterContext.FilterContextBuilder<>(ctx)
                        .request(ctx.getRequest().toBuilder().setUrl(server.url("/other")).build())
                        .replayRequest(true)
                        .build()
                    : ctx);
    try (DefaultAsyncHttpClient client = client(divert)) {
      Response r = client.prepareGet(server.url("/ok")).execute().get(5, TimeUnit.SECONDS);
      assertEquals("other", r.getResponseBody());
      assertEquals(server.url("/other"), r.getUri().toUrl());
    }
  }

  @Test
  void aReplayToAnotherOriginLeavesTheClientsCredentialsHome() throws Exception {
    TestServer elsewhere = new TestServer();
    try {
      elsewhere.route("/there", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "there"));
      ResponseFilter divert =
          filter(
              ctx ->
                  ctx.getRequest().getUri().getPath().equals("/ok")
                      ? new FilterContext.FilterContextBuilder<>(ctx)
                          .request(org.asynchttpclient.Dsl.get(elsewhere.url("/there")).build())
                          .replayRequest(true)
                          .build()
                      : ctx);
      DefaultAsyncHttpClientConfig.Builder b =
          ClientFixture.config()
              .addResponseFilter(divert)
              .setRealm(org.asynchttpclient.Dsl.basicAuthRealm("user", "pass").setUsePreemptiveAuth(true));
      try (DefaultAsyncHttpClient client = ClientFixture.client(b)) {
        Response r = client.prepareGet(server.url("/ok")).execute().get(5, TimeUnit.SECONDS);
        assertEquals("there", r.getResponseBody());
      }
      assertEquals("Basic dXNlcjpwYXNz", server.received().get(0).headers.get("Authorization"));
      assertEquals(1, elsewhere.acceptedCount(), "the replay's own connection, keyed by its origin");
      assertEquals(null, elsewhere.received().get(0).headers.get("Authorization"));
    } finally {
      elsewhere.close();
    }
  }

  @Test
  void replacedHandlerGetsTheResponseAndProducesTheResult() throws Exception {
    AtomicReference<String> originalHeard = new AtomicReference<>("nothing");
    AsyncHandler<Response> original =
        new AsyncCompletionHandlerBase() {
          @Override
          public Response onCompleted(Response response) throws Exception {
            originalHeard.set("completed");
            return super.onCompleted(response);
          }
        };
    ResponseFilter swap =
        filter(
            ctx ->
                new FilterContext.FilterContextBuilder<Object>(castContext(ctx))
                    .asyncHandler(
                        new AsyncCompletionHandler<Object>() {
                          @Override
                          public Object onCompleted(Response response) {
                            return "replaced:" + response.getResponseBody();
                          }
                        })
                    .build());
    try (DefaultAsyncHttpClient client = client(swap)) {
      Object result =
          client.prepareGet(server.url("/ok")).execute(castHandler(original)).get(5, TimeUnit.SECONDS);
      assertEquals("replaced:ok", result);
      assertEquals("nothing", originalHeard.get());
    }
  }

  @SuppressWarnings("unchecked") // the test swaps handlers of one erased type
  private static FilterContext<Object> castContext(FilterContext<?> ctx) {
    return (FilterContext<Object>) ctx;
  }

  @SuppressWarnings("unchecked") // idem
  private static AsyncHandler<Object> castHandler(AsyncHandler<?> h) {
    return (AsyncHandler<Object>) h;
  }

  @Test
  void filterExceptionFailsTheExchange() throws Exception {
    AtomicReference<Throwable> heard = new AtomicReference<>();
    ResponseFilter refuse =
        filter(
            ctx -> {
              throw new FilterException("refused by test");
            });
    try (DefaultAsyncHttpClient client = client(refuse)) {
      AsyncCompletionHandlerBase listening =
          new AsyncCompletionHandlerBase() {
            @Override
            public void onThrowable(Throwable t) {
              heard.set(t);
            }
          };
      ExecutionException e = Await.failed(client.prepareGet(server.url("/ok")).execute(listening), 5);
      assertInstanceOf(FilterException.class, e.getCause());
      assertEquals("refused by test", e.getCause().getMessage());
      assertInstanceOf(FilterException.class, heard.get());
    }
  }

  @Test
  void nullContextFailsTheExchangeNamingTheFilter() throws Exception {
    ResponseFilter broken = filter(ctx -> null);
    try (DefaultAsyncHttpClient client = client(broken)) {
      ExecutionException e =
          Await.failed(client.prepareGet(server.url("/ok")).execute(), 5);
      assertInstanceOf(FilterException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("returned null"), e.getCause().getMessage());
    }
  }
}
