package org.asynchttpclient;

import static org.asynchttpclient.util.HttpConstants.Methods.CONNECT;
import static org.asynchttpclient.util.HttpConstants.Methods.DELETE;
import static org.asynchttpclient.util.HttpConstants.Methods.GET;
import static org.asynchttpclient.util.HttpConstants.Methods.HEAD;
import static org.asynchttpclient.util.HttpConstants.Methods.OPTIONS;
import static org.asynchttpclient.util.HttpConstants.Methods.PATCH;
import static org.asynchttpclient.util.HttpConstants.Methods.POST;
import static org.asynchttpclient.util.HttpConstants.Methods.PUT;
import static org.asynchttpclient.util.HttpConstants.Methods.TRACE;

import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.cookie.CookieEvictionTask;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.filter.FilterContext;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.netty.ClientEngine;
import org.asynchttpclient.netty.hop.HopCookies;
import org.jetbrains.annotations.Nullable;

/**
 * The default {@link AsyncHttpClient}: HTTP/1.1 over Netty 4.2.
 *
 * <p>Each call to {@code executeRequest} starts one exchange, which owns its outcome, its timeouts
 * and its connection; redirects, retries and auth replays continue the same exchange. Close the
 * client when done: it fails whatever is still in flight at once, closes its connections and stops
 * the threads it created.
 */
public class DefaultAsyncHttpClient implements AsyncHttpClient {
  // immutable
  private final AsyncHttpClientConfig config;
  private final ClientEngine engine;

  // any thread
  private volatile @Nullable SignatureCalculator signatureCalculator;

  /** A client with the default configuration. */
  public DefaultAsyncHttpClient() {
    this(new DefaultAsyncHttpClientConfig.Builder().build());
  }

  public DefaultAsyncHttpClient(AsyncHttpClientConfig config) {
    this.config = config;
    this.engine = new ClientEngine(config);
    CookieStore store = config.getCookieStore();
    if (store != null) {
      store.incrementAndGet();
      int delay = config.expiredCookieEvictionDelay();
      if (delay > 0) {
        engine
            .timer()
            .newTimeout(new CookieEvictionTask(delay, store), delay, TimeUnit.MILLISECONDS);
      }
    }
  }

  @Override
  public void close() {
    if (engine.isClosed()) {
      return;
    }
    engine.close();
    CookieStore store = config.getCookieStore();
    if (store != null && store.decrementAndGet() == 0) {
      store.clear();
    }
  }

  @Override
  public boolean isClosed() {
    return engine.isClosed();
  }

  @Override
  public DefaultAsyncHttpClient setSignatureCalculator(SignatureCalculator signatureCalculator) {
    this.signatureCalculator = signatureCalculator;
    return this;
  }

  @Override
  public BoundRequestBuilder prepare(String method, String url) {
    return requestBuilder(method, url);
  }

  @Override
  public BoundRequestBuilder prepareGet(String url) {
    return requestBuilder(GET, url);
  }

  @Override
  public BoundRequestBuilder prepareConnect(String url) {
    return requestBuilder(CONNECT, url);
  }

  @Override
  public BoundRequestBuilder prepareOptions(String url) {
    return requestBuilder(OPTIONS, url);
  }

  @Override
  public BoundRequestBuilder prepareHead(String url) {
    return requestBuilder(HEAD, url);
  }

  @Override
  public BoundRequestBuilder preparePost(String url) {
    return requestBuilder(POST, url);
  }

  @Override
  public BoundRequestBuilder preparePut(String url) {
    return requestBuilder(PUT, url);
  }

  @Override
  public BoundRequestBuilder prepareDelete(String url) {
    return requestBuilder(DELETE, url);
  }

  @Override
  public BoundRequestBuilder preparePatch(String url) {
    return requestBuilder(PATCH, url);
  }

  @Override
  public BoundRequestBuilder prepareTrace(String url) {
    return requestBuilder(TRACE, url);
  }

  @Override
  public BoundRequestBuilder prepareRequest(Request request) {
    return requestBuilder(request);
  }

  @Override
  public BoundRequestBuilder prepareRequest(RequestBuilder requestBuilder) {
    return prepareRequest(requestBuilder.build());
  }

  @Override
  public <T> ListenableFuture<T> executeRequest(Request request, AsyncHandler<T> handler) {
    if (config.getRequestFilters().isEmpty()) {
      return engine.execute(HopCookies.withStoredCookies(request, config.getCookieStore()), handler);
    }
    FilterContext<T> fc = new FilterContext.FilterContextBuilder<>(handler, request).build();
    try {
      for (RequestFilter filter : config.getRequestFilters()) {
        fc = filter.filter(fc);
      }
    } catch (FilterException e) {
      handler.onThrowable(e);
      return new ListenableFuture.CompletedFailure<>(e);
    }
    return engine.execute(
        HopCookies.withStoredCookies(fc.getRequest(), config.getCookieStore()), fc.getAsyncHandler());
  }

  @Override
  public <T> ListenableFuture<T> executeRequest(
      RequestBuilder requestBuilder, AsyncHandler<T> handler) {
    return executeRequest(requestBuilder.build(), handler);
  }

  @Override
  public ListenableFuture<Response> executeRequest(Request request) {
    return executeRequest(request, new AsyncCompletionHandlerBase());
  }

  @Override
  public ListenableFuture<Response> executeRequest(RequestBuilder requestBuilder) {
    return executeRequest(requestBuilder.build());
  }

  /** The pool of idle connections. */
  public ChannelPool getChannelPool() {
    return engine.pool();
  }

  public EventLoopGroup getEventLoopGroup() {
    return engine.channels().eventLoopGroup();
  }

  @Override
  public ClientStats getClientStats() {
    return engine.clientStats();
  }

  @Override
  public void flushChannelPoolPartitions(Predicate<Object> predicate) {
    engine.pool().flushPartitions(predicate);
  }

  @Override
  public AsyncHttpClientConfig getConfig() {
    return config;
  }

  protected BoundRequestBuilder requestBuilder(String method, String url) {
    BoundRequestBuilder b =
        new BoundRequestBuilder(
                this, method, config.isDisableUrlEncodingForBoundRequests())
            .setUrl(url);
    SignatureCalculator sc = signatureCalculator;
    return sc == null ? b : b.setSignatureCalculator(sc);
  }

  protected BoundRequestBuilder requestBuilder(Request prototype) {
    BoundRequestBuilder b = new BoundRequestBuilder(this, prototype);
    SignatureCalculator sc = signatureCalculator;
    return sc == null ? b : b.setSignatureCalculator(sc);
  }
}
