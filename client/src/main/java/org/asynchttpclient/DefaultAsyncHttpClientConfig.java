package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class DefaultAsyncHttpClientConfig implements org.asynchttpclient.AsyncHttpClientConfig {
  public java.lang.String getAhcVersion() { throw new UnsupportedOperationException("stub"); }
  public boolean isFollowRedirect() { throw new UnsupportedOperationException("stub"); }
  public int getMaxRedirects() { throw new UnsupportedOperationException("stub"); }
  public boolean isStrict302Handling() { throw new UnsupportedOperationException("stub"); }
  public boolean isCompressionEnforced() { throw new UnsupportedOperationException("stub"); }
  public boolean isEnableAutomaticDecompression() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getUserAgent() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Realm getRealm() { throw new UnsupportedOperationException("stub"); }
  public int getMaxRequestRetry() { throw new UnsupportedOperationException("stub"); }
  public boolean isDisableUrlEncodingForBoundRequests() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseLaxCookieEncoder() { throw new UnsupportedOperationException("stub"); }
  public boolean isDisableZeroCopy() { throw new UnsupportedOperationException("stub"); }
  public boolean isKeepEncodingHeader() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.proxy.ProxyServerSelector getProxyServerSelector() { throw new UnsupportedOperationException("stub"); }
  public boolean isAggregateWebSocketFrameFragments() { throw new UnsupportedOperationException("stub"); }
  public boolean isEnableWebSocketCompression() { throw new UnsupportedOperationException("stub"); }
  public int getWebSocketMaxBufferSize() { throw new UnsupportedOperationException("stub"); }
  public int getWebSocketMaxFrameSize() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getConnectTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getRequestTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getReadTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getShutdownQuietPeriod() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getShutdownTimeout() { throw new UnsupportedOperationException("stub"); }
  public boolean isKeepAlive() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getPooledConnectionIdleTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getConnectionPoolCleanerPeriod() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getConnectionTtl() { throw new UnsupportedOperationException("stub"); }
  public int getMaxConnections() { throw new UnsupportedOperationException("stub"); }
  public int getMaxConnectionsPerHost() { throw new UnsupportedOperationException("stub"); }
  public int getAcquireFreeChannelTimeout() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.channel.ChannelPool getChannelPool() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory getConnectionSemaphoreFactory() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.channel.KeepAliveStrategy getKeepAliveStrategy() { throw new UnsupportedOperationException("stub"); }
  public boolean isValidateResponseHeaders() { throw new UnsupportedOperationException("stub"); }
  public boolean isStripAuthorizationOnRedirect() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseOpenSsl() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseInsecureTrustManager() { throw new UnsupportedOperationException("stub"); }
  public boolean isDisableHttpsEndpointIdentificationAlgorithm() { throw new UnsupportedOperationException("stub"); }
  public int getHandshakeTimeout() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String[] getEnabledProtocols() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String[] getEnabledCipherSuites() { throw new UnsupportedOperationException("stub"); }
  public boolean isFilterInsecureCipherSuites() { throw new UnsupportedOperationException("stub"); }
  public boolean isHttp2Enabled() { throw new UnsupportedOperationException("stub"); }
  public int getHttp2InitialWindowSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttp2MaxFrameSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttp2HeaderTableSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttp2MaxHeaderListSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttp2MaxConcurrentStreams() { throw new UnsupportedOperationException("stub"); }
  public long getHttp2MaxDecompressedResponseSize() { throw new UnsupportedOperationException("stub"); }
  public java.time.Duration getHttp2PingInterval() { throw new UnsupportedOperationException("stub"); }
  public boolean isHttp2CleartextEnabled() { throw new UnsupportedOperationException("stub"); }
  public int getSslSessionCacheSize() { throw new UnsupportedOperationException("stub"); }
  public int getSslSessionTimeout() { throw new UnsupportedOperationException("stub"); }
  public io.netty.handler.ssl.SslContext getSslContext() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.SslEngineFactory getSslEngineFactory() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.filter.RequestFilter> getRequestFilters() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.filter.ResponseFilter> getResponseFilters() { throw new UnsupportedOperationException("stub"); }
  public java.util.List<org.asynchttpclient.filter.IOExceptionFilter> getIoExceptionFilters() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.cookie.CookieStore getCookieStore() { throw new UnsupportedOperationException("stub"); }
  public int expiredCookieEvictionDelay() { throw new UnsupportedOperationException("stub"); }
  public boolean isTcpNoDelay() { throw new UnsupportedOperationException("stub"); }
  public boolean isSoReuseAddress() { throw new UnsupportedOperationException("stub"); }
  public boolean isSoKeepAlive() { throw new UnsupportedOperationException("stub"); }
  public int getSoLinger() { throw new UnsupportedOperationException("stub"); }
  public int getSoSndBuf() { throw new UnsupportedOperationException("stub"); }
  public int getSoRcvBuf() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getThreadPoolName() { throw new UnsupportedOperationException("stub"); }
  public int getHttpClientCodecMaxInitialLineLength() { throw new UnsupportedOperationException("stub"); }
  public int getHttpClientCodecMaxHeaderSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttpClientCodecMaxChunkSize() { throw new UnsupportedOperationException("stub"); }
  public int getHttpClientCodecInitialBufferSize() { throw new UnsupportedOperationException("stub"); }
  public int getChunkedFileChunkSize() { throw new UnsupportedOperationException("stub"); }
  public java.util.Map<io.netty.channel.ChannelOption<java.lang.Object>, java.lang.Object> getChannelOptions() { throw new UnsupportedOperationException("stub"); }
  public io.netty.channel.EventLoopGroup getEventLoopGroup() { throw new UnsupportedOperationException("stub"); }
  public io.netty.resolver.AddressResolverGroup<java.net.InetSocketAddress> getAddressResolverGroup() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseNativeTransport() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseOnlyEpollNativeTransport() { throw new UnsupportedOperationException("stub"); }
  public io.netty.buffer.ByteBufAllocator getAllocator() { throw new UnsupportedOperationException("stub"); }
  public io.netty.util.Timer getNettyTimer() { throw new UnsupportedOperationException("stub"); }
  public long getHashedWheelTimerTickDuration() { throw new UnsupportedOperationException("stub"); }
  public int getHashedWheelTimerSize() { throw new UnsupportedOperationException("stub"); }
  public java.util.concurrent.ThreadFactory getThreadFactory() { throw new UnsupportedOperationException("stub"); }
  public java.util.function.Consumer<io.netty.channel.Channel> getHttpAdditionalChannelInitializer() { throw new UnsupportedOperationException("stub"); }
  public java.util.function.Consumer<io.netty.channel.Channel> getWsAdditionalChannelInitializer() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory getResponseBodyPartFactory() { throw new UnsupportedOperationException("stub"); }
  public int getIoThreadsCount() { throw new UnsupportedOperationException("stub"); }
  private DefaultAsyncHttpClientConfig() {}
  public static class Builder {
    public Builder() { throw new UnsupportedOperationException("stub"); }
    public Builder(org.asynchttpclient.AsyncHttpClientConfig p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setFollowRedirect(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setMaxRedirects(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setStrict302Handling(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setCompressionEnforced(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setEnableAutomaticDecompression(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUserAgent(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setRealm(org.asynchttpclient.Realm p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setRealm(org.asynchttpclient.Realm.Builder p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setMaxRequestRetry(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setDisableUrlEncodingForBoundRequests(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseLaxCookieEncoder(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setDisableZeroCopy(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setKeepEncodingHeader(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setProxyServerSelector(org.asynchttpclient.proxy.ProxyServerSelector p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setValidateResponseHeaders(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setProxyServer(org.asynchttpclient.proxy.ProxyServer p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setProxyServer(org.asynchttpclient.proxy.ProxyServer.Builder p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseProxySelector(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseProxyProperties(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setStripAuthorizationOnRedirect(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setAggregateWebSocketFrameFragments(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setEnablewebSocketCompression(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setWebSocketMaxBufferSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setWebSocketMaxFrameSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setConnectTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setRequestTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setReadTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setShutdownQuietPeriod(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setShutdownTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setKeepAlive(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setPooledConnectionIdleTimeout(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setConnectionPoolCleanerPeriod(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setConnectionTtl(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setMaxConnections(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setMaxConnectionsPerHost(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setAcquireFreeChannelTimeout(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setChannelPool(org.asynchttpclient.channel.ChannelPool p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setConnectionSemaphoreFactory(org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setKeepAliveStrategy(org.asynchttpclient.channel.KeepAliveStrategy p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseOpenSsl(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseInsecureTrustManager(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setDisableHttpsEndpointIdentificationAlgorithm(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHandshakeTimeout(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setEnabledProtocols(java.lang.String[] p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setEnabledCipherSuites(java.lang.String[] p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setFilterInsecureCipherSuites(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSslSessionCacheSize(java.lang.Integer p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSslSessionTimeout(java.lang.Integer p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSslContext(io.netty.handler.ssl.SslContext p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSslEngineFactory(org.asynchttpclient.SslEngineFactory p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2Enabled(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2InitialWindowSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2MaxFrameSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2HeaderTableSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2MaxHeaderListSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2MaxConcurrentStreams(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2MaxDecompressedResponseSize(long p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2PingInterval(java.time.Duration p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttp2CleartextEnabled(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder addRequestFilter(org.asynchttpclient.filter.RequestFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder removeRequestFilter(org.asynchttpclient.filter.RequestFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder addResponseFilter(org.asynchttpclient.filter.ResponseFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder removeResponseFilter(org.asynchttpclient.filter.ResponseFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder addIOExceptionFilter(org.asynchttpclient.filter.IOExceptionFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder removeIOExceptionFilter(org.asynchttpclient.filter.IOExceptionFilter p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setCookieStore(org.asynchttpclient.cookie.CookieStore p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setExpiredCookieEvictionDelay(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setTcpNoDelay(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSoReuseAddress(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSoKeepAlive(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSoLinger(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSoSndBuf(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setSoRcvBuf(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setThreadPoolName(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttpClientCodecMaxInitialLineLength(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttpClientCodecMaxHeaderSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttpClientCodecMaxChunkSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttpClientCodecInitialBufferSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setChunkedFileChunkSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHashedWheelTickDuration(long p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHashedWheelSize(int p0) { throw new UnsupportedOperationException("stub"); }
    public <T> org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder addChannelOption(io.netty.channel.ChannelOption<T> p0, T p1) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setEventLoopGroup(io.netty.channel.EventLoopGroup p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setAddressResolverGroup(io.netty.resolver.AddressResolverGroup<java.net.InetSocketAddress> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseNativeTransport(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setUseOnlyEpollNativeTransport(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setAllocator(io.netty.buffer.ByteBufAllocator p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setNettyTimer(io.netty.util.Timer p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setThreadFactory(java.util.concurrent.ThreadFactory p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setHttpAdditionalChannelInitializer(java.util.function.Consumer<io.netty.channel.Channel> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setWsAdditionalChannelInitializer(java.util.function.Consumer<io.netty.channel.Channel> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setResponseBodyPartFactory(org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig.Builder setIoThreadsCount(int p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.DefaultAsyncHttpClientConfig build() { throw new UnsupportedOperationException("stub"); }
  }
}
