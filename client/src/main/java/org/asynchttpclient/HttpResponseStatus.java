package org.asynchttpclient;

import java.net.SocketAddress;
import org.asynchttpclient.uri.Uri;

/** The status line of a response, with the URI it answered and the addresses of the connection. */
public abstract class HttpResponseStatus {

  private final Uri uri;

  protected HttpResponseStatus(Uri uri) {
    this.uri = uri;
  }

  /** The URI of the request this status answers (after any redirect, the last hop's URI). */
  public Uri getUri() {
    return uri;
  }

  public abstract int getStatusCode();

  /** The reason phrase, such as {@code OK}. */
  public abstract String getStatusText();

  /** The protocol name, such as {@code HTTP}. */
  public abstract String getProtocolName();

  public abstract int getProtocolMajorVersion();

  public abstract int getProtocolMinorVersion();

  /** The protocol as written in the status line, such as {@code HTTP/1.1}. */
  public abstract String getProtocolText();

  /** The address of the server end of the connection. */
  public abstract SocketAddress getRemoteAddress();

  /** The address of the client end of the connection. */
  public abstract SocketAddress getLocalAddress();

  @Override
  public String toString() {
    return getStatusCode() + " " + getStatusText() + " (" + uri + ")";
  }
}
