package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface AsyncHttpClientConfig {
  java.lang.String getAhcVersion();
  java.lang.String getThreadPoolName();
  int getMaxConnections();
  int getMaxConnectionsPerHost();
  int getAcquireFreeChannelTimeout();
  java.time.Duration getConnectTimeout();
  java.time.Duration getReadTimeout();
  java.time.Duration getPooledConnectionIdleTimeout();
  java.time.Duration getConnectionPoolCleanerPeriod();
  java.time.Duration getRequestTimeout();
  boolean isFollowRedirect();
  int getMaxRedirects();
  boolean isKeepAlive();
  java.lang.String getUserAgent();
  boolean isCompressionEnforced();
  boolean isEnableAutomaticDecompression();
  java.util.concurrent.ThreadFactory getThreadFactory();
  org.asynchttpclient.proxy.ProxyServerSelector getProxyServerSelector();
  io.netty.handler.ssl.SslContext getSslContext();
  org.asynchttpclient.Realm getRealm();
  java.util.List<org.asynchttpclient.filter.RequestFilter> getRequestFilters();
  java.util.List<org.asynchttpclient.filter.ResponseFilter> getResponseFilters();
  java.util.List<org.asynchttpclient.filter.IOExceptionFilter> getIoExceptionFilters();
  org.asynchttpclient.cookie.CookieStore getCookieStore();
  int expiredCookieEvictionDelay();
  int getMaxRequestRetry();
  boolean isDisableUrlEncodingForBoundRequests();
  boolean isUseLaxCookieEncoder();
  boolean isStrict302Handling();
  java.time.Duration getConnectionTtl();
  boolean isUseOpenSsl();
  boolean isUseInsecureTrustManager();
  boolean isDisableHttpsEndpointIdentificationAlgorithm();
  java.lang.String[] getEnabledProtocols();
  java.lang.String[] getEnabledCipherSuites();
  boolean isFilterInsecureCipherSuites();
  default boolean isHttp2Enabled() { throw new UnsupportedOperationException("stub"); }
  default int getHttp2InitialWindowSize() { throw new UnsupportedOperationException("stub"); }
  default int getHttp2MaxFrameSize() { throw new UnsupportedOperationException("stub"); }
  default int getHttp2HeaderTableSize() { throw new UnsupportedOperationException("stub"); }
  default int getHttp2MaxHeaderListSize() { throw new UnsupportedOperationException("stub"); }
  default int getHttp2MaxConcurrentStreams() { throw new UnsupportedOperationException("stub"); }
  default long getHttp2MaxDecompressedResponseSize() { throw new UnsupportedOperationException("stub"); }
  default java.time.Duration getHttp2PingInterval() { throw new UnsupportedOperationException("stub"); }
  default boolean isHttp2CleartextEnabled() { throw new UnsupportedOperationException("stub"); }
  int getSslSessionCacheSize();
  int getSslSessionTimeout();
  int getHttpClientCodecMaxInitialLineLength();
  int getHttpClientCodecMaxHeaderSize();
  int getHttpClientCodecMaxChunkSize();
  int getHttpClientCodecInitialBufferSize();
  boolean isDisableZeroCopy();
  int getHandshakeTimeout();
  org.asynchttpclient.SslEngineFactory getSslEngineFactory();
  int getChunkedFileChunkSize();
  int getWebSocketMaxBufferSize();
  int getWebSocketMaxFrameSize();
  boolean isKeepEncodingHeader();
  java.time.Duration getShutdownQuietPeriod();
  java.time.Duration getShutdownTimeout();
  java.util.Map<io.netty.channel.ChannelOption<java.lang.Object>, java.lang.Object> getChannelOptions();
  io.netty.channel.EventLoopGroup getEventLoopGroup();
  default io.netty.resolver.AddressResolverGroup<java.net.InetSocketAddress> getAddressResolverGroup() { throw new UnsupportedOperationException("stub"); }
  boolean isUseNativeTransport();
  boolean isUseOnlyEpollNativeTransport();
  java.util.function.Consumer<io.netty.channel.Channel> getHttpAdditionalChannelInitializer();
  java.util.function.Consumer<io.netty.channel.Channel> getWsAdditionalChannelInitializer();
  org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory getResponseBodyPartFactory();
  org.asynchttpclient.channel.ChannelPool getChannelPool();
  org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory getConnectionSemaphoreFactory();
  io.netty.util.Timer getNettyTimer();
  long getHashedWheelTimerTickDuration();
  int getHashedWheelTimerSize();
  org.asynchttpclient.channel.KeepAliveStrategy getKeepAliveStrategy();
  boolean isValidateResponseHeaders();
  boolean isAggregateWebSocketFrameFragments();
  boolean isEnableWebSocketCompression();
  boolean isTcpNoDelay();
  boolean isSoReuseAddress();
  boolean isSoKeepAlive();
  int getSoLinger();
  int getSoSndBuf();
  int getSoRcvBuf();
  io.netty.buffer.ByteBufAllocator getAllocator();
  int getIoThreadsCount();
  default boolean isStripAuthorizationOnRedirect() { throw new UnsupportedOperationException("stub"); }
  public static enum ResponseBodyPartFactory {
    EAGER, LAZY;
    public org.asynchttpclient.HttpResponseBodyPart newResponseBodyPart(io.netty.buffer.ByteBuf p0, boolean p1) { throw new UnsupportedOperationException("stub"); }
  }
}
