package org.asynchttpclient.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server side of SCRAM-SHA-256 over HTTP (RFC 7804 with RFC 5802's rules) for tests, written
 * apart from the client's code (its Hi is the JDK's PBKDF2). One user ({@value #USER} /
 * {@value #PASSWORD}); each handshake gets a session id. Knobs: the iteration count it asks for,
 * a forged server signature, an answer without {@code Authentication-Info} or with data that is
 * not base64, a server-first message whose data is not base64.
 *
 * <p>Thread-safe.
 */
public final class ScramServer {
  public static final String USER = "user";
  public static final String PASSWORD = "pencil";
  public static final String REALM = "scram-test";
  private static final Pattern PARAM = Pattern.compile("([A-Za-z]+)=(\"([^\"]*)\"|[^,\\s]*)");
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A status and the header that goes with it (a challenge, or Authentication-Info for a 200). */
  public static final class Answer {
    public final int status;
    public final String header;

    Answer(int status, String header) {
      this.status = status;
      this.header = header;
    }
  }

  private static final class Session {
    final String clientFirstBare;
    final String serverFirst;
    final String nonce;

    Session(String clientFirstBare, String serverFirst, String nonce) {
      this.clientFirstBare = clientFirstBare;
      this.serverFirst = serverFirst;
      this.nonce = nonce;
    }
  }

  private final byte[] salt = new byte[16];
  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  public volatile int iterations = 4096;
  public volatile boolean forgeSignature;
  public volatile boolean omitAuthenticationInfo;
  public volatile boolean garbleAuthenticationInfo;
  public volatile boolean garbleServerFirst;
  public final AtomicInteger verifiedProofs = new AtomicInteger();
  public final AtomicInteger refusedProofs = new AtomicInteger();

  public ScramServer() {
    RANDOM.nextBytes(salt);
  }

  /** What to answer a request carrying {@code credentials} (Authorization or Proxy-Authorization). */
  public Answer handle(String credentials) {
    String challenge = "SCRAM-SHA-256 realm=\"" + REALM + "\"";
    if (credentials == null || !credentials.startsWith("SCRAM-SHA-256 ")) {
      return new Answer(401, challenge);
    }
    Map<String, String> params = params(credentials.substring(14));
    String data = params.get("data");
    if (data == null) {
      return new Answer(401, challenge);
    }
    String message = new String(Base64.getDecoder().decode(data), StandardCharsets.UTF_8);
    String sid = params.get("sid");
    if (sid == null) {
      return first(message, challenge);
    }
    Session s = sessions.remove(sid);
    return s == null ? new Answer(401, challenge) : last(s, sid, message, challenge);
  }

  private Answer first(String clientFirst, String challenge) {
    if (!clientFirst.startsWith("n,,n=" + USER + ",r=")) {
      return new Answer(401, challenge);
    }
    String bare = clientFirst.substring(3);
    String nonce = bare.substring(bare.indexOf(",r=") + 3) + token(18);
    String serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(salt) + ",i=" + iterations;
    String sid = token(12);
    sessions.put(sid, new Session(bare, serverFirst, nonce));
    String data = garbleServerFirst ? "!!not-base64!!" : b64(serverFirst);
    return new Answer(401, "SCRAM-SHA-256 sid=" + sid + ", data=\"" + data + "\"");
  }

  private Answer last(Session s, String sid, String clientFinal, String challenge) {
    int p = clientFinal.lastIndexOf(",p=");
    String withoutProof = p < 0 ? "" : clientFinal.substring(0, p);
    if (!withoutProof.equals("c=biws,r=" + s.nonce)) {
      refusedProofs.incrementAndGet();
      return new Answer(401, challenge);
    }
    byte[] proof = Base64.getDecoder().decode(clientFinal.substring(p + 3));
    String authMessage = s.clientFirstBare + "," + s.serverFirst + "," + withoutProof;
    byte[] salted = pbkdf2(PASSWORD, salt, iterations);
    byte[] storedKey = sha256(hmac(salted, "Client Key"));
    byte[] signature = hmac(storedKey, authMessage);
    byte[] clientKey = new byte[proof.length];
    for (int i = 0; i < proof.length && i < signature.length; i++) {
      clientKey[i] = (byte) (proof[i] ^ signature[i]);
    }
    if (!MessageDigest.isEqual(storedKey, sha256(clientKey))) {
      refusedProofs.incrementAndGet();
      return new Answer(401, challenge + ", data=\"" + b64("e=invalid-proof") + "\"");
    }
    verifiedProofs.incrementAndGet();
    byte[] serverSignature = hmac(hmac(salted, "Server Key"), authMessage);
    if (forgeSignature) {
      serverSignature[0] ^= 1;
    }
    String data = garbleAuthenticationInfo
        ? "#" + Base64.getEncoder().encodeToString(serverSignature)
        : b64("v=" + Base64.getEncoder().encodeToString(serverSignature));
    String info = omitAuthenticationInfo ? null : "sid=" + sid + ", data=\"" + data + "\"";
    return new Answer(200, info);
  }

  private static Map<String, String> params(String s) {
    Map<String, String> out = new HashMap<>();
    Matcher m = PARAM.matcher(s);
    while (m.find()) {
      out.put(m.group(1), m.group(3) != null ? m.group(3) : m.group(2));
    }
    return out;
  }

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String token(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  private static byte[] pbkdf2(String password, byte[] salt, int iterations) {
    try {
      PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
