package org.asynchttpclient.netty.auth;

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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SCRAM-SHA-256 over HTTP (RFC 7804): the client-first message answers the server's bare
 * challenge, the client-final message answers the server-first message, and the response that
 * follows is checked for the server's signature in {@code Authentication-Info} (or {@code
 * Proxy-Authentication-Info}).
 *
 * <pre>
 *   INITIAL --challenge--&gt; CLIENT_FIRST_SENT --server-first--&gt; CLIENT_FINAL_SENT
 *   CLIENT_FIRST_SENT --server-first it cannot answer--&gt; FAILED (handler gets the 401)
 *   CLIENT_FINAL_SENT --2xx/3xx with a valid signature--&gt; AUTHENTICATED (keys cached)
 *   CLIENT_FINAL_SENT --signature that does not verify or is not base64--&gt; ScramException fails
 *   CLIENT_FINAL_SENT --2xx/3xx without a signature--&gt; delivered unverified (a warning is logged)
 *   CLIENT_FINAL_SENT --401--&gt; refused (handler gets the 401)
 * </pre>
 *
 * <p>As in AHC 3.0.11 and 3.0.12, a server-first message the client cannot answer (not base64, a
 * nonce that does not extend ours, an iteration count above the realm's cap) ends the handshake
 * like any other challenge the client cannot answer: the 401 goes to the handler. And a success
 * without the signature is delivered: RFC 7804 lets the server send it in a trailer, which is not
 * read here, so a missing signature cannot be told from a stripped one. The response is then not
 * proven to come from a server that knows the password; only a signature that is present and
 * wrong fails the exchange.
 *
 * <p>Not thread-safe: one exchange's hops use it in turn.
 */
final class ScramHandshake extends AuthHandshake {
  static final String MECHANISM = "SCRAM-SHA-256";
  private static final Logger LOGGER = LoggerFactory.getLogger(ScramHandshake.class);

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
    super(MECHANISM, false);
    this.host = host;
    this.port = port;
    this.user = Objects.requireNonNull(realm.getPrincipal(), "SCRAM realm principal: null (expected a user)");
    this.password = Objects.requireNonNull(realm.getPassword(), "SCRAM realm password: null (expected one)");
    this.maxIterationCount = realm.getMaxIterationCount();
    this.cache = cache;
  }

  @Override
  public @Nullable String answer(List<String> challenges) {
    try {
      return answerOrThrow(challenges);
    } catch (ScramException | IllegalArgumentException e) {
      ScramContext c = context;
      if (c != null) {
        c.setState(ScramState.FAILED);
      }
      LOGGER.warn("SCRAM with {}:{} ends at this challenge, which goes to the handler: {}", host, port, e.getMessage());
      return null;
    }
  }

  private @Nullable String answerOrThrow(List<String> challenges) {
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
    String name = proxy ? "Proxy-Authentication-Info" : "Authentication-Info";
    String info = headers.get(name);
    ScramMessageParser.ScramChallengeParams params =
        info == null ? null : ScramMessageParser.parseWwwAuthenticateScram(info);
    String data = params == null ? null : params.data;
    if (params == null || data == null) {
      if (status < 400) {
        LOGGER.warn("SCRAM with {}:{}: the {} response carries no ServerSignature in {}; delivered unverified",
            host, port, status, name);
      }
      return;
    }
    String serverFinal;
    try {
      serverFinal = new String(Base64.getDecoder().decode(data), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      c.setState(ScramState.FAILED);
      throw new ScramException("SCRAM: unparseable ServerSignature in the " + name + " of the " + status
          + " response: data is not base64 (" + e.getMessage() + ")", e);
    }
    if (!c.verifyServerFinal(serverFinal)) {
      throw new ScramException("SCRAM ServerSignature verification failed: the server signature in the "
          + status + " response does not verify (expected proof that the server knows the password)");
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
}
