package org.asynchttpclient.scram;

import java.security.MessageDigest;
import java.util.Base64;
import java.util.Objects;
import org.asynchttpclient.scram.ScramMessageParser.ScramChallengeParams;
import org.jetbrains.annotations.Nullable;

/**
 * One client-side SCRAM exchange (RFC 5802 with RFC 7804's HTTP framing): the client-first
 * message made at construction, then {@link #processServerFirst}, {@link #computeClientFinal} and
 * {@link #verifyServerFinal}. The states are drawn in {@link ScramState}.
 *
 * <p>The password is held only until the server's salt arrives: then the salted password is
 * derived, the three keys kept, and both the salted password and the password reference dropped.
 * {@link #toString()} is Object's: nothing secret is printed.
 *
 * <p>Not thread-safe: the hops of one exchange use it one after the other.
 */
public class ScramContext {
  private static final int NONCE_LENGTH = 24;

  // immutable
  private final String mechanism;
  private final String username;
  private final @Nullable String realmName;
  private final String clientNonce;
  private final String clientFirstMessage;
  private final String clientFirstMessageBare;

  // confined to the exchange's hops
  private @Nullable String password;
  private ScramState state;
  private @Nullable String serverNonce;
  private @Nullable String sid;
  private @Nullable byte[] salt;
  private int iterationCount;
  private @Nullable String serverFirstMessage;
  private @Nullable String clientFinalMessageWithoutProof;
  private @Nullable byte[] clientKey;
  private @Nullable byte[] storedKey;
  private @Nullable byte[] serverKey;
  private @Nullable ScramChallengeParams initialChallengeParams;

  public ScramContext(String username, String password, @Nullable String realmName, String mechanism) {
    this(username, password, realmName, mechanism, ScramEngine.generateNonce(NONCE_LENGTH));
  }

  /** With a given client nonce, for test vectors. */
  ScramContext(String username, String password, @Nullable String realmName, String mechanism, String clientNonce) {
    this.username = Objects.requireNonNull(username, "username: null (expected the SCRAM user name)");
    this.password = Objects.requireNonNull(password, "password: null (expected the SCRAM password)");
    this.realmName = realmName;
    this.mechanism = mechanism;
    this.clientNonce = clientNonce;
    this.clientFirstMessageBare = ScramMessageFormatter.clientFirstMessageBare(username, clientNonce);
    this.clientFirstMessage = ScramMessageFormatter.formatClientFirstMessage(username, clientNonce);
    this.state = ScramState.CLIENT_FIRST_SENT;
  }

  /**
   * Reads the server-first-message, checks its nonce and iteration count, and derives the keys.
   *
   * @throws ScramException when the message is malformed, the nonce does not extend ours, or the
   *     iteration count is above {@code maxIterationCount} (a server could otherwise make the
   *     client spend seconds of CPU per request)
   */
  public void processServerFirst(String serverFirstMsg, int maxIterationCount) {
    ScramMessageParser.ServerFirstMessage parsed = ScramMessageParser.parseServerFirst(serverFirstMsg);
    ScramMessageParser.validateNoncePrefix(clientNonce, parsed.fullNonce);
    if (parsed.iterationCount > maxIterationCount) {
      state = ScramState.FAILED;
      throw new ScramException("SCRAM iteration count: " + parsed.iterationCount + " (expected <= "
          + maxIterationCount + ", the realm's maxIterationCount)");
    }
    String pwd = password;
    if (pwd == null) {
      throw new ScramException("SCRAM: the server-first-message was already processed (expected one per exchange)");
    }
    byte[] salted = ScramEngine.computeSaltedPassword(pwd, parsed.salt, parsed.iterationCount);
    try {
      useKeys(ScramEngine.computeClientKey(salted), ScramEngine.computeServerKey(salted));
    } finally {
      ScramEngine.zeroBytes(salted);
    }
    this.serverFirstMessage = serverFirstMsg;
    this.serverNonce = parsed.fullNonce;
    this.salt = parsed.salt;
    this.iterationCount = parsed.iterationCount;
    this.state = ScramState.SERVER_FIRST_RECEIVED;
  }

  /**
   * Like {@link #processServerFirst(String, int)}, but reuses the keys of {@code cached} when the
   * server sent the same salt and iteration count, instead of running Hi (the deliberately slow
   * part) again. The caller vouches that {@code cached} was derived from this user's password.
   * Not in AHC 3.0.11.
   */
  public void processServerFirst(String serverFirstMsg, int maxIterationCount, ScramSessionCache.Entry cached) {
    ScramMessageParser.ServerFirstMessage parsed = ScramMessageParser.parseServerFirst(serverFirstMsg);
    if (parsed.iterationCount != cached.iterationCount || !MessageDigest.isEqual(parsed.salt, cached.salt)) {
      processServerFirst(serverFirstMsg, maxIterationCount);
      return;
    }
    ScramMessageParser.validateNoncePrefix(clientNonce, parsed.fullNonce);
    useKeys(cached.clientKey.clone(), cached.serverKey.clone());
    this.serverFirstMessage = serverFirstMsg;
    this.serverNonce = parsed.fullNonce;
    this.salt = parsed.salt;
    this.iterationCount = parsed.iterationCount;
    this.state = ScramState.SERVER_FIRST_RECEIVED;
  }

  private void useKeys(byte[] client, byte[] server) {
    this.clientKey = client;
    this.storedKey = ScramEngine.computeStoredKey(client);
    this.serverKey = server;
    this.password = null;
  }

  /** The client-final-message with its proof. */
  public String computeClientFinal() {
    String nonce = require(serverNonce, "server nonce");
    byte[] ck = require(clientKey, "client key");
    byte[] sk = require(storedKey, "stored key");
    String withoutProof = ScramMessageFormatter.clientFinalMessageWithoutProof(nonce);
    this.clientFinalMessageWithoutProof = withoutProof;
    byte[] signature = ScramEngine.computeClientSignature(sk, authMessage(withoutProof));
    byte[] proof = ScramEngine.computeClientProof(ck, signature);
    ScramEngine.zeroBytes(signature);
    state = ScramState.CLIENT_FINAL_SENT;
    return ScramMessageFormatter.formatClientFinalMessage(nonce, proof);
  }

  /**
   * Checks the server-final-message: true when its verifier equals our ServerSignature (compared
   * in constant time), false for a wrong or missing signature or a server error ({@code e=}).
   */
  public boolean verifyServerFinal(String serverFinalMsg) {
    ScramMessageParser.ServerFinalMessage parsed;
    try {
      parsed = ScramMessageParser.parseServerFinal(serverFinalMsg);
    } catch (ScramException e) {
      state = ScramState.FAILED;
      return false;
    }
    String withoutProof = clientFinalMessageWithoutProof;
    byte[] sk = serverKey;
    if (parsed.verifier == null || withoutProof == null || sk == null) {
      state = ScramState.FAILED;
      return false;
    }
    byte[] received;
    try {
      received = Base64.getDecoder().decode(parsed.verifier);
    } catch (IllegalArgumentException e) {
      state = ScramState.FAILED;
      return false;
    }
    byte[] expected = ScramEngine.computeServerSignature(sk, authMessage(withoutProof));
    boolean ok = MessageDigest.isEqual(expected, received);
    state = ok ? ScramState.AUTHENTICATED : ScramState.FAILED;
    return ok;
  }

  /** AuthMessage := client-first-message-bare + "," + server-first-message + "," + client-final-without-proof. */
  private String authMessage(String withoutProof) {
    return clientFirstMessageBare + ',' + require(serverFirstMessage, "server-first-message") + ',' + withoutProof;
  }

  /**
   * The keys of this exchange for the session cache. The nonce count of RFC 7804 reauthentication
   * starts at the iteration count.
   */
  public ScramSessionCache.Entry toSessionCacheEntry(@Nullable String serverNoncePart, int ttl) {
    return new ScramSessionCache.Entry(realmName, require(salt, "salt").clone(), iterationCount,
        require(clientKey, "client key").clone(), require(storedKey, "stored key").clone(),
        require(serverKey, "server key").clone(), serverNoncePart, ttl, System.nanoTime(), iterationCount,
        require(serverFirstMessage, "server-first-message"));
  }

  private <V> V require(@Nullable V value, String what) {
    if (value == null) {
      throw new ScramException("SCRAM " + what + ": not known yet in state " + state
          + " (expected after the server-first-message)");
    }
    return value;
  }

  public ScramState getState() {
    return state;
  }

  public void setState(ScramState state) {
    this.state = state;
  }

  public String getMechanism() {
    return mechanism;
  }

  public String getUsername() {
    return username;
  }

  public @Nullable String getRealmName() {
    return realmName;
  }

  public String getClientNonce() {
    return clientNonce;
  }

  public @Nullable String getServerNonce() {
    return serverNonce;
  }

  public @Nullable String getSid() {
    return sid;
  }

  public void setSid(@Nullable String sid) {
    this.sid = sid;
  }

  public String getClientFirstMessage() {
    return clientFirstMessage;
  }

  public String getClientFirstMessageBare() {
    return clientFirstMessageBare;
  }

  public @Nullable String getServerFirstMessage() {
    return serverFirstMessage;
  }

  public @Nullable byte[] getClientKey() {
    return clientKey;
  }

  public @Nullable byte[] getStoredKey() {
    return storedKey;
  }

  public @Nullable byte[] getServerKey() {
    return serverKey;
  }

  public @Nullable ScramChallengeParams getInitialChallengeParams() {
    return initialChallengeParams;
  }

  public void setInitialChallengeParams(@Nullable ScramChallengeParams params) {
    this.initialChallengeParams = params;
  }

  public int getIterationCount() {
    return iterationCount;
  }

  public @Nullable byte[] getSalt() {
    return salt;
  }

  public @Nullable String getClientFinalMessageWithoutProof() {
    return clientFinalMessageWithoutProof;
  }
}
