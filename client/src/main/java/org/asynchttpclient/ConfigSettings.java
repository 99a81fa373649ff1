package org.asynchttpclient;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.Timer;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.config.ConfigOption;
import org.asynchttpclient.config.ConfigTable;
import org.asynchttpclient.config.ConfigValues;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;

/**
 * The value of every option, held once for both {@link DefaultAsyncHttpClientConfig.Builder} (which
 * writes it) and {@link DefaultAsyncHttpClientConfig} (which reads a frozen copy).
 *
 * <p>The options backed by a property are the rows of {@link ConfigTable}; their values are in
 * {@link #values}, which starts at their defaults (read when the builder is created) and copies
 * another config row by row. The fields below are the options that are objects the caller makes,
 * and have no property; {@link #copyOf} copies them by hand, and {@code BuilderPrototypeCopyTest}
 * fails when one is forgotten.
 *
 * <p>Threads: a builder's instance is written by the thread using that builder. A config's instance
 * is made by {@link #frozenCopy()} inside the config's constructor and never written afterwards;
 * it is published through a final field, so every thread sees it complete.
 *
 * <p>Two defaults are objects made late, in {@link DefaultAsyncHttpClientConfig.Builder#build()},
 * and only when not set: the keep-alive strategy and the cookie store.
 */
final class ConfigSettings implements Cloneable {

  // Every option of ConfigTable.
  ConfigValues values = ConfigValues.defaults();

  // Redirects, requests
  boolean stripAuthorizationOnRedirect = false;
  @Nullable Realm realm;
  ResponseBodyPartFactory responseBodyPartFactory = ResponseBodyPartFactory.EAGER;

  // Proxy: proxyServerSelector wins; else the useProxySelector and useProxyProperties options
  // choose how build() makes one.
  @Nullable ProxyServerSelector proxyServerSelector;

  // Connections and pool
  @Nullable ChannelPool channelPool;
  @Nullable ConnectionSemaphoreFactory connectionSemaphoreFactory;
  // Null only in a builder, meaning "make the default in build()".
  @Nullable KeepAliveStrategy keepAliveStrategy;

  // TLS, HTTP/2
  @Nullable SslContext sslContext;
  @Nullable SslEngineFactory sslEngineFactory;
  boolean http2Enabled = true;

  // Filters and listeners
  List<RequestFilter> requestFilters = new ArrayList<>();
  List<ResponseFilter> responseFilters = new ArrayList<>();
  List<IOExceptionFilter> ioExceptionFilters = new ArrayList<>();
  List<ExchangeListener> exchangeListeners = new ArrayList<>();

  // Cookies: cookieStoreSet tells "disabled with null" from "not chosen yet".
  @Nullable CookieStore cookieStore;
  boolean cookieStoreSet;

  // Channels, threads, event loops, timer
  Map<ChannelOption<Object>, Object> channelOptions = new LinkedHashMap<>();
  @Nullable ThreadFactory threadFactory;
  @Nullable EventLoopGroup eventLoopGroup;
  @Nullable AddressResolverGroup<InetSocketAddress> addressResolverGroup;
  @Nullable ByteBufAllocator allocator;
  @Nullable Timer nettyTimer;
  @Nullable Consumer<Channel> httpAdditionalChannelInitializer;
  @Nullable Consumer<Channel> wsAdditionalChannelInitializer;

  /** The value of a {@link ConfigTable} option. */
  <T> T get(ConfigOption<T> option) {
    return values.get(option);
  }

  /** Settings that copy every value of {@code config}, without checking them. */
  static ConfigSettings copyOf(AsyncHttpClientConfig config) {
    ConfigSettings s = new ConfigSettings();
    // The table's rows read useProxySelector and useProxyProperties as false: the copy takes the
    // prototype's selector, already resolved.
    s.values = ConfigValues.copyOf(config);

    s.stripAuthorizationOnRedirect = config.isStripAuthorizationOnRedirect();
    s.realm = config.getRealm();
    s.responseBodyPartFactory = config.getResponseBodyPartFactory();
    s.proxyServerSelector = config instanceof DefaultAsyncHttpClientConfig
        ? ((DefaultAsyncHttpClientConfig) config).configuredProxyServerSelector()
        : config.getProxyServerSelector();

    s.channelPool = config.getChannelPool();
    s.connectionSemaphoreFactory = config.getConnectionSemaphoreFactory();
    s.keepAliveStrategy = config.getKeepAliveStrategy();

    s.sslContext = config.getSslContext();
    s.sslEngineFactory = config.getSslEngineFactory();
    s.http2Enabled = config.isHttp2Enabled();

    s.requestFilters = new ArrayList<>(config.getRequestFilters());
    s.responseFilters = new ArrayList<>(config.getResponseFilters());
    s.ioExceptionFilters = new ArrayList<>(config.getIoExceptionFilters());
    s.exchangeListeners = new ArrayList<>(config.getExchangeListeners());

    s.cookieStore = config.getCookieStore();
    s.cookieStoreSet = true;

    s.channelOptions = new LinkedHashMap<>(config.getChannelOptions());
    s.threadFactory = config.getThreadFactory();
    s.eventLoopGroup = config.getEventLoopGroup();
    s.addressResolverGroup = config.getAddressResolverGroup();
    s.allocator = config.getAllocator();
    s.nettyTimer = config.getNettyTimer();
    s.httpAdditionalChannelInitializer = config.getHttpAdditionalChannelInitializer();
    s.wsAdditionalChannelInitializer = config.getWsAdditionalChannelInitializer();
    return s;
  }

  /**
   * A copy whose collections are immutable and whose table values are its own, for a config.
   * Every other field is copied by {@link Object#clone()}, so a new field cannot be forgotten here.
   */
  ConfigSettings frozenCopy() {
    ConfigSettings copy;
    try {
      copy = (ConfigSettings) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError("ConfigSettings implements Cloneable", e);
    }
    copy.values = values.copy();
    copy.requestFilters = List.copyOf(requestFilters);
    copy.responseFilters = List.copyOf(responseFilters);
    copy.ioExceptionFilters = List.copyOf(ioExceptionFilters);
    copy.exchangeListeners = List.copyOf(exchangeListeners);
    copy.channelOptions = Collections.unmodifiableMap(new LinkedHashMap<>(channelOptions));
    return copy;
  }
}
