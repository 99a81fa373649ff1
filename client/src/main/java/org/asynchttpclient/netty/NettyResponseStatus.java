package org.asynchttpclient.netty;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponse;
import java.net.SocketAddress;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/** The status line of a response as Netty decoded it, with the addresses of its connection. */
public final class NettyResponseStatus extends HttpResponseStatus {
  private final HttpResponse response;
  private final @Nullable SocketAddress remoteAddress;
  private final @Nullable SocketAddress localAddress;

  public NettyResponseStatus(Uri uri, HttpResponse response, @Nullable Channel channel) {
    super(uri);
    this.response = response;
    this.remoteAddress = channel != null ? channel.remoteAddress() : null;
    this.localAddress = channel != null ? channel.localAddress() : null;
  }

  @Override
  public int getStatusCode() {
    return response.status().code();
  }

  @Override
  public String getStatusText() {
    return response.status().reasonPhrase();
  }

  @Override
  public String getProtocolName() {
    return response.protocolVersion().protocolName();
  }

  @Override
  public int getProtocolMajorVersion() {
    return response.protocolVersion().majorVersion();
  }

  @Override
  public int getProtocolMinorVersion() {
    return response.protocolVersion().minorVersion();
  }

  @Override
  public String getProtocolText() {
    return response.protocolVersion().text();
  }

  @Override
  @SuppressWarnings("NullAway") // 3.0.11 declares these non-null; null only before connect
  public SocketAddress getRemoteAddress() {
    return remoteAddress;
  }

  @Override
  @SuppressWarnings("NullAway") // as above
  public SocketAddress getLocalAddress() {
    return localAddress;
  }
}
