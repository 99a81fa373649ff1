package org.asynchttpclient.netty.hop;

import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import org.asynchttpclient.Realm;
import org.asynchttpclient.scram.ScramContext;
import org.asynchttpclient.scram.ScramException;
import org.asynchttpclient.scram.ScramMessageFormatter;
import org.asynchttpclient.scram.ScramMessageParser;
import org.asynchttpclient.scram.ScramSessionCache;
import org.asynchttpclient.scram.ScramState;
import org.jetbrains.annotations.Nullable;

/**
 * SCRAM-SHA-256 over HTTP (RFC 7804): the client-first message answers the server's bare
 * challenge, the client-final message answers the server-first message, and the response that
 * follows must carry {@code Authentication-Info} (or {@code Proxy-Authentication-Info}) with the
 * server's signature, else the exchange fails: a server that cannot prove it knows the password is
 * not trusted with the response.
 *
 * <pre>
 *   INITIAL --challenge--&gt; CLIENT_FIRST_SENT --server-first--&gt; CLIENT_FINAL_SENT
 *   CLIENT_FINAL_SENT --2xx/3xx with a valid signature--&gt; AUTHENTICATED (keys cached)
 *   CLIENT_FINAL_SENT --bad or missing signature--&gt; ScramException fails the exchange
 *   CLIENT_FINAL_SENT --401--&gt; refused (handler gets the 401)
 * </pre>
 *
 * <p>Not thread-safe: one exchange's hops use it in turn.
 */
final class ScramHandshake extends AuthHandshake {
  static final String MECHANISM = "SCRAM-SHA-256";

  // immutable
  private final String host;
  private final int port;
  private final String user;
  private final String password;
  private final int maxIterationCount;
  private final SessionKeys cache;

  // confined to the exchange's hops
  private @Nullable ScramContext context;
  private ScramSessionCache.@Nullable CacheKey cacheKey;
  private boolean cachedKeysOffered;

  /** For {@code realm}'s user and password (both non-null) with the server at host:port. */
  ScramHandshake(Realm realm, String host, int port, SessionKeys cache) {
    this.host = host;
    this.port = port;
    this.user = Objects.requireNonNull(realm.getPrincipal(), "SCRAM realm principal: null (expected a user)");
    this.password = Objects.requireNonNull(realm.getPassword(), "SCRAM realm password: null (expected one)");
    this.maxIterationCount = realm.getMaxIterationCount();
    this.cache = cache;
  }

  @Override
  public @Nullable String answer(List<String> challenges) {
    String challenge = ChallengeAnswers.challenge(challenges, MECHANISM);
    if (challenge == null) {
      return null;
    }
    ScramMessageParser.ScramChallengeParams params = ScramMessageParser.parseWwwAuthenticateScram(challenge);
    ScramContext c = context;
    if (c == null) {
      if (params.data != null) {
        return null; // a server-first message for a client-first we never sent
      }
      c = new ScramContext(user, password, params.realm, MECHANISM);
      c.setInitialChallengeParams(params);
      context = c;
      return header(params.realm, null, c.getClientFirstMessage());
    }
    if (c.getState() != ScramState.CLIENT_FIRST_SENT) {
      return null; // our proof was refused
    }
    if (params.data == null) {
      return null; // the server started over instead of sending its server-first message
    }
    String serverFirst = decode(params.data, "server-first-message");
    ScramMessageParser.ScramChallengeParams initial = c.getInitialChallengeParams();
    cacheKey = cache.key(host, port, initial != null ? initial.realm : null, user, password);
    cachedKeysOffered = cache.processServerFirst(c, serverFirst, maxIterationCount, cacheKey);
    c.setSid(params.sid);
    return header(null, params.sid, c.computeClientFinal());
  }

  @Override
  public void finish(int status, HttpHeaders headers, boolean proxy) {
    ScramContext c = context;
    if (c == null || c.getState() != ScramState.CLIENT_FINAL_SENT) {
      return;
    }
    String info = headers.get(proxy ? "Proxy-Authentication-Info" : "Authentication-Info");
    if (info == null) {
      if (status >= 400) {
        return; // not an authenticated answer: nothing to verify, the handler sees the error
      }
      c.setState(ScramState.FAILED);
      throw new ScramException("SCRAM: the " + status + " response carries no "
          + (proxy ? "Proxy-Authentication-Info" : "Authentication-Info")
          + " (expected the server's signature: a server that cannot prove the password is not trusted)");
    }
    ScramMessageParser.ScramChallengeParams params = ScramMessageParser.parseWwwAuthenticateScram(info);
    String data = params.data;
    if (data == null || !c.verifyServerFinal(decode(data, "server-final-message"))) {
      throw new ScramException("SCRAM: the server signature in the " + status + " response does not verify"
          + " (expected proof that the server knows the password)");
    }
    cache.remember(cacheKey, c, params.sr, params.ttl);
  }

  private static String header(@Nullable String realm, @Nullable String sid, String message) {
    String data = Base64.getEncoder().encodeToString(message.getBytes(StandardCharsets.UTF_8));
    return ScramMessageFormatter.formatAuthorizationHeader(MECHANISM, realm, sid, data);
  }

  private static String decode(String base64, String what) {
    try {
      return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ScramException("SCRAM " + what + ": data is not base64 (" + e.getMessage() + ")", e);
    }
  }

  /** Whether the session cache had keys for this server, realm, user and password (tests). */
  boolean cachedKeysOffered() {
    return cachedKeysOffered;
  }

  @Override
  public boolean connectionBound() {
    return false;
  }

  @Override
  public String scheme() {
    return MECHANISM;
  }
}
