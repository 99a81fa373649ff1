package org.asynchttpclient;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.jetbrains.annotations.Nullable;

/**
 * A user's own AsyncHttpClientConfig as written for AHC 3.0.11: it implements exactly the abstract
 * methods of 3.0.11 and none of the default methods added since. That it compiles is part of the
 * test; the tests check that the added methods then fall back to the configured defaults.
 */
final class DelegatingUserConfig implements AsyncHttpClientConfig {

  private final AsyncHttpClientConfig delegate;

  DelegatingUserConfig(AsyncHttpClientConfig delegate) {
    this.delegate = delegate;
  }

  @Override
  public String getAhcVersion() {
    return delegate.getAhcVersion();
  }

  @Override
  public String getThreadPoolName() {
    return delegate.getThreadPoolName();
  }

  @Override
  public int getMaxConnections() {
    return delegate.getMaxConnections();
  }

  @Override
  public int getMaxConnectionsPerHost() {
    return delegate.getMaxConnectionsPerHost();
  }

  @Override
  public int getAcquireFreeChannelTimeout() {
    return delegate.getAcquireFreeChannelTimeout();
  }

  @Override
  public Duration getConnectTimeout() {
    return delegate.getConnectTimeout();
  }

  @Override
  public Duration getReadTimeout() {
    return delegate.getReadTimeout();
  }

  @Override
  public Duration getPooledConnectionIdleTimeout() {
    return delegate.getPooledConnectionIdleTimeout();
  }

  @Override
  public Duration getConnectionPoolCleanerPeriod() {
    return delegate.getConnectionPoolCleanerPeriod();
  }

  @Override
  public Duration getRequestTimeout() {
    return delegate.getRequestTimeout();
  }

  @Override
  public boolean isFollowRedirect() {
    return delegate.isFollowRedirect();
  }

  @Override
  public int getMaxRedirects() {
    return delegate.getMaxRedirects();
  }

  @Override
  public boolean isKeepAlive() {
    return delegate.isKeepAlive();
  }

  @Override
  public @Nullable String getUserAgent() {
    return delegate.getUserAgent();
  }

  @Override
  public boolean isCompressionEnforced() {
    return delegate.isCompressionEnforced();
  }

  @Override
  public boolean isEnableAutomaticDecompression() {
    return delegate.isEnableAutomaticDecompression();
  }

  @Override
  public @Nullable ThreadFactory getThreadFactory() {
    return delegate.getThreadFactory();
  }

  @Override
  public ProxyServerSelector getProxyServerSelector() {
    return delegate.getProxyServerSelector();
  }

  @Override
  public @Nullable SslContext getSslContext() {
    return delegate.getSslContext();
  }

  @Override
  public @Nullable Realm getRealm() {
    return delegate.getRealm();
  }

  @Override
  public List<RequestFilter> getRequestFilters() {
    return delegate.getRequestFilters();
  }

  @Override
  public List<ResponseFilter> getResponseFilters() {
    return delegate.getResponseFilters();
  }

  @Override
  public List<IOExceptionFilter> getIoExceptionFilters() {
    return delegate.getIoExceptionFilters();
  }

  @Override
  public @Nullable CookieStore getCookieStore() {
    return delegate.getCookieStore();
  }

  @Override
  public int expiredCookieEvictionDelay() {
    return delegate.expiredCookieEvictionDelay();
  }

  @Override
  public int getMaxRequestRetry() {
    return delegate.getMaxRequestRetry();
  }

  @Override
  public boolean isDisableUrlEncodingForBoundRequests() {
    return delegate.isDisableUrlEncodingForBoundRequests();
  }

  @Override
  public boolean isUseLaxCookieEncoder() {
    return delegate.isUseLaxCookieEncoder();
  }

  @Override
  public boolean isStrict302Handling() {
    return delegate.isStrict302Handling();
  }

  @Override
  public Duration getConnectionTtl() {
    return delegate.getConnectionTtl();
  }

  @Override
  public boolean isUseOpenSsl() {
    return delegate.isUseOpenSsl();
  }

  @Override
  public boolean isUseInsecureTrustManager() {
    return delegate.isUseInsecureTrustManager();
  }

  @Override
  public boolean isDisableHttpsEndpointIdentificationAlgorithm() {
    return delegate.isDisableHttpsEndpointIdentificationAlgorithm();
  }

  @Override
  public @Nullable String[] getEnabledProtocols() {
    return delegate.getEnabledProtocols();
  }

  @Override
  public @Nullable String[] getEnabledCipherSuites() {
    return delegate.getEnabledCipherSuites();
  }

  @Override
  public boolean isFilterInsecureCipherSuites() {
    return delegate.isFilterInsecureCipherSuites();
  }

  @Override
  public int getSslSessionCacheSize() {
    return delegate.getSslSessionCacheSize();
  }

  @Override
  public int getSslSessionTimeout() {
    return delegate.getSslSessionTimeout();
  }

  @Override
  public int getHttpClientCodecMaxInitialLineLength() {
    return delegate.getHttpClientCodecMaxInitialLineLength();
  }

  @Override
  public int getHttpClientCodecMaxHeaderSize() {
    return delegate.getHttpClientCodecMaxHeaderSize();
  }

  @Override
  public int getHttpClientCodecMaxChunkSize() {
    return delegate.getHttpClientCodecMaxChunkSize();
  }

  @Override
  public int getHttpClientCodecInitialBufferSize() {
    return delegate.getHttpClientCodecInitialBufferSize();
  }

  @Override
  public boolean isDisableZeroCopy() {
    return delegate.isDisableZeroCopy();
  }

  @Override
  public int getHandshakeTimeout() {
    return delegate.getHandshakeTimeout();
  }

  @Override
  public @Nullable SslEngineFactory getSslEngineFactory() {
    return delegate.getSslEngineFactory();
  }

  @Override
  public int getChunkedFileChunkSize() {
    return delegate.getChunkedFileChunkSize();
  }

  @Override
  public int getWebSocketMaxBufferSize() {
    return delegate.getWebSocketMaxBufferSize();
  }

  @Override
  public int getWebSocketMaxFrameSize() {
    return delegate.getWebSocketMaxFrameSize();
  }

  @Override
  public boolean isKeepEncodingHeader() {
    return delegate.isKeepEncodingHeader();
  }

  @Override
  public Duration getShutdownQuietPeriod() {
    return delegate.getShutdownQuietPeriod();
  }

  @Override
  public Duration getShutdownTimeout() {
    return delegate.getShutdownTimeout();
  }

  @Override
  public Map<ChannelOption<Object>, Object> getChannelOptions() {
    return delegate.getChannelOptions();
  }

  @Override
  public @Nullable EventLoopGroup getEventLoopGroup() {
    return delegate.getEventLoopGroup();
  }

  @Override
  public boolean isUseNativeTransport() {
    return delegate.isUseNativeTransport();
  }

  @Override
  public boolean isUseOnlyEpollNativeTransport() {
    return delegate.isUseOnlyEpollNativeTransport();
  }

  @Override
  public @Nullable Consumer<Channel> getHttpAdditionalChannelInitializer() {
    return delegate.getHttpAdditionalChannelInitializer();
  }

  @Override
  public @Nullable Consumer<Channel> getWsAdditionalChannelInitializer() {
    return delegate.getWsAdditionalChannelInitializer();
  }

  @Override
  public AsyncHttpClientConfig.ResponseBodyPartFactory getResponseBodyPartFactory() {
    return delegate.getResponseBodyPartFactory();
  }

  @Override
  public @Nullable ChannelPool getChannelPool() {
    return delegate.getChannelPool();
  }

  @Override
  public @Nullable ConnectionSemaphoreFactory getConnectionSemaphoreFactory() {
    return delegate.getConnectionSemaphoreFactory();
  }

  @Override
  public @Nullable Timer getNettyTimer() {
    return delegate.getNettyTimer();
  }

  @Override
  public long getHashedWheelTimerTickDuration() {
    return delegate.getHashedWheelTimerTickDuration();
  }

  @Override
  public int getHashedWheelTimerSize() {
    return delegate.getHashedWheelTimerSize();
  }

  @Override
  public KeepAliveStrategy getKeepAliveStrategy() {
    return delegate.getKeepAliveStrategy();
  }

  @Override
  public boolean isValidateResponseHeaders() {
    return delegate.isValidateResponseHeaders();
  }

  @Override
  public boolean isAggregateWebSocketFrameFragments() {
    return delegate.isAggregateWebSocketFrameFragments();
  }

  @Override
  public boolean isEnableWebSocketCompression() {
    return delegate.isEnableWebSocketCompression();
  }

  @Override
  public boolean isTcpNoDelay() {
    return delegate.isTcpNoDelay();
  }

  @Override
  public boolean isSoReuseAddress() {
    return delegate.isSoReuseAddress();
  }

  @Override
  public boolean isSoKeepAlive() {
    return delegate.isSoKeepAlive();
  }

  @Override
  public int getSoLinger() {
    return delegate.getSoLinger();
  }

  @Override
  public int getSoSndBuf() {
    return delegate.getSoSndBuf();
  }

  @Override
  public int getSoRcvBuf() {
    return delegate.getSoRcvBuf();
  }

  @Override
  public @Nullable ByteBufAllocator getAllocator() {
    return delegate.getAllocator();
  }

  @Override
  public int getIoThreadsCount() {
    return delegate.getIoThreadsCount();
  }
}
