package org.asynchttpclient.netty.auth;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * One multi-round authentication handshake (NTLM, SPNEGO/Kerberos, SCRAM) of one exchange with one
 * server or proxy: each challenge gets the next credentials value until the scheme has nothing
 * more to send. Each round trip is a hop of the exchange, so the exchange's deadline bounds the
 * whole handshake.
 *
 * <p>Not thread-safe: the hops of an exchange call it one after the other.
 */
public abstract class AuthHandshake {
  // immutable
  private final String scheme;
  private final boolean connectionBound;

  AuthHandshake(String scheme, boolean connectionBound) {
    this.scheme = scheme;
    this.connectionBound = connectionBound;
  }

  /**
   * The {@code Authorization} / {@code Proxy-Authorization} value answering {@code challenges}, or
   * null when this handshake has no answer (its scheme was not offered, or the server refused
   * what was already sent): the challenge then goes to the handler.
   *
   * @throws Exception to fail the exchange (a malformed challenge, a login that failed)
   */
  public abstract @Nullable String answer(List<String> challenges) throws Exception;

  /**
   * The response after the last answer was not a challenge: the handshake is over. SCRAM checks the
   * server's proof here.
   *
   * @param status the response's status code
   * @param proxy true when the handshake was with a proxy
   * @throws Exception to fail the exchange (a server that could not prove it knows the password)
   */
  public void finish(int status, HttpHeaders headers, boolean proxy) throws Exception {}

  /**
   * Whether the next hop must travel on the connection that carried the challenge: NTLM
   * authenticates the connection, not the request.
   */
  public final boolean connectionBound() {
    return connectionBound;
  }

  /** The scheme's name, for logs. */
  public final String scheme() {
    return scheme;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + '{' + scheme() + '}';
  }
}
