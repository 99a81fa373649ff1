package org.asynchttpclient.channel;

import java.util.Objects;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Decides which pooled connections a request may reuse: two requests share connections only when their
 * partition keys are equal. A key must therefore tell apart everything that makes a connection unfit for
 * another request: scheme (TLS or not), host, port, virtual host (SNI) and proxy.
 */
public interface ChannelPoolPartitioning {

  /**
   * The key of the pool partition for a request.
   *
   * @param uri the request's URI
   * @param virtualHost the request's virtual host, or null
   * @param proxyServer the proxy the request goes through, or null
   * @return a key with value semantics ({@code equals}/{@code hashCode})
   */
  Object getPartitionKey(Uri uri, String virtualHost, ProxyServer proxyServer);

  /** The key of a direct request without virtual host: scheme, host and explicit port. */
  class PartitionKey {
    private final String scheme;
    private final String host;
    private final int port;
    // Looked up in the permit and pool maps on every request: computed once, without boxing.
    private final int hash;

    PartitionKey(String scheme, String host, int port) {
      this.scheme = scheme;
      this.host = host;
      this.port = port;
      this.hash = 31 * (31 * scheme.hashCode() + host.hashCode()) + port;
    }

    @Override
    public boolean equals(Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof PartitionKey)) {
        return false;
      }
      PartitionKey that = (PartitionKey) o;
      return port == that.port && scheme.equals(that.scheme) && host.equals(that.host);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** The key of a request with a virtual host or a proxy: target base URL, virtual host and proxy. */
  class CompositePartitionKey {
    private final String targetHostBaseUrl;
    private final @Nullable String virtualHost;
    private final @Nullable String proxyHost;
    private final int proxyPort;
    private final @Nullable ProxyType proxyType;

    CompositePartitionKey(String targetHostBaseUrl, @Nullable String virtualHost, @Nullable String proxyHost,
        int proxyPort, @Nullable ProxyType proxyType) {
      this.targetHostBaseUrl = targetHostBaseUrl;
      this.virtualHost = virtualHost;
      this.proxyHost = proxyHost;
      this.proxyPort = proxyPort;
      this.proxyType = proxyType;
    }

    @Override
    public boolean equals(Object o) {
      if (this == o) {
        return true;
      }
      if (!(o instanceof CompositePartitionKey)) {
        return false;
      }
      CompositePartitionKey that = (CompositePartitionKey) o;
      return proxyPort == that.proxyPort
          && targetHostBaseUrl.equals(that.targetHostBaseUrl)
          && Objects.equals(virtualHost, that.virtualHost)
          && Objects.equals(proxyHost, that.proxyHost)
          && proxyType == that.proxyType;
    }

    @Override
    public int hashCode() {
      return Objects.hash(targetHostBaseUrl, virtualHost, proxyHost, proxyPort, proxyType);
    }

    @Override
    public String toString() {
      return "CompositePartitionKey(targetHostBaseUrl=" + targetHostBaseUrl
          + ", virtualHost=" + virtualHost
          + ", proxyHost=" + proxyHost
          + ", proxyPort=" + proxyPort
          + ", proxyType=" + proxyType
          + ')';
    }
  }

  /** The default: one partition per scheme, host and port, refined by virtual host and proxy. */
  enum PerHostChannelPoolPartitioning implements ChannelPoolPartitioning {
    INSTANCE;

    @Override
    public Object getPartitionKey(Uri uri, @Nullable String virtualHost, @Nullable ProxyServer proxyServer) {
      if (proxyServer == null) {
        if (virtualHost == null) {
          return new PartitionKey(uri.getScheme(), uri.getHost(), uri.getExplicitPort());
        }
        return new CompositePartitionKey(uri.getBaseUrl(), virtualHost, null, 0, null);
      }
      // A secured request through an HTTP proxy is tunnelled to the proxy's secured port.
      int proxyPort = uri.isSecured() && proxyServer.getProxyType().isHttp()
          ? proxyServer.getSecuredPort()
          : proxyServer.getPort();
      return new CompositePartitionKey(uri.getBaseUrl(), virtualHost, proxyServer.getHost(), proxyPort,
          proxyServer.getProxyType());
    }
  }
}
