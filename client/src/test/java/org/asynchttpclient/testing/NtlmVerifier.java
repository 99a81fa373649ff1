package org.asynchttpclient.testing;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server side of NTLMv2 over HTTP for tests, written from MS-NLMP (sections 2.2.1 and
 * 3.2.5.1.2) and kept apart from the client's code: it knows the user's NT hash (the MD4 of
 * "Password" in UTF-16LE, as MS-NLMP 4.2.2.1.2 gives it) rather than computing it. Per connection:
 * a Type 1 earns a Type 2 with a fresh challenge; a Type 3 on that same connection is accepted when
 * its NTProofStr matches; the connection is then authenticated, as IIS treats it.
 *
 * <p>Thread-safe: state lives in channel attributes, touched on each channel's loop.
 */
public final class NtlmVerifier {
  public static final String USER = "User";
  public static final String DOMAIN = "Domain";
  public static final String PASSWORD = "Password";
  private static final byte[] NT_HASH = hex("a4f49c406510bdcab6824ee7c30fd852");
  /** NbDomainName "Domain", NbComputerName "Server", MsvAvEOL. */
  private static final byte[] TARGET_INFO =
      hex("02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000");
  private static final byte[] SIGNATURE = "NTLMSSP\0".getBytes(StandardCharsets.US_ASCII);
  private static final AttributeKey<byte[]> CHALLENGE = AttributeKey.valueOf("test-ntlm-challenge");
  private static final AttributeKey<Boolean> AUTHENTICATED = AttributeKey.valueOf("test-ntlm-authenticated");
  private static final SecureRandom RANDOM = new SecureRandom();

  public final AtomicInteger type3WithoutChallenge = new AtomicInteger();
  public final AtomicInteger refused = new AtomicInteger();
  /** Requests without NTLM credentials that arrived while a Type 2 awaited its Type 3. */
  public final AtomicInteger interleaved = new AtomicInteger();

  /**
   * What the server answers a request on {@code ch} carrying {@code credentials} (the value of
   * Authorization or Proxy-Authorization): null when authenticated, else the challenge to send
   * ({@code NTLM} or {@code NTLM <type 2>}).
   */
  public String check(Channel ch, String credentials) {
    if (Boolean.TRUE.equals(ch.attr(AUTHENTICATED).get())) {
      return null;
    }
    if (credentials == null || !credentials.startsWith("NTLM ")) {
      // Another request between Type 2 and Type 3 ends the handshake, as a strict server does.
      if (ch.attr(CHALLENGE).getAndSet(null) != null) {
        interleaved.incrementAndGet();
      }
      return "NTLM";
    }
    byte[] m = Base64.getDecoder().decode(credentials.substring(5).trim());
    if (m.length < 12 || !Arrays.equals(SIGNATURE, Arrays.copyOf(m, 8))) {
      refused.incrementAndGet();
      return "NTLM";
    }
    int type = u32(m, 8);
    if (type == 1) {
      byte[] challenge = new byte[8];
      RANDOM.nextBytes(challenge);
      ch.attr(CHALLENGE).set(challenge);
      return "NTLM " + Base64.getEncoder().encodeToString(type2(challenge));
    }
    byte[] challenge = ch.attr(CHALLENGE).getAndSet(null);
    if (type != 3 || challenge == null) {
      type3WithoutChallenge.incrementAndGet();
      return "NTLM";
    }
    if (!validType3(m, challenge)) {
      refused.incrementAndGet();
      return "NTLM";
    }
    ch.attr(AUTHENTICATED).set(true);
    return null;
  }

  private static byte[] type2(byte[] challenge) {
    byte[] m = new byte[48 + TARGET_INFO.length];
    System.arraycopy(SIGNATURE, 0, m, 0, 8);
    m[8] = 2;
    // TargetName: empty, at the end of the header. Flags: Unicode, NTLM, target info, ESS.
    m[16] = 48;
    putU32(m, 20, 0x00000001 | 0x00000200 | 0x00800000 | 0x00080000);
    System.arraycopy(challenge, 0, m, 24, 8);
    m[40] = (byte) TARGET_INFO.length;
    m[42] = (byte) TARGET_INFO.length;
    m[44] = 48;
    System.arraycopy(TARGET_INFO, 0, m, 48, TARGET_INFO.length);
    return m;
  }

  private static boolean validType3(byte[] m, byte[] challenge) {
    byte[] nt = field(m, 20);
    String domain = new String(field(m, 28), StandardCharsets.UTF_16LE);
    String user = new String(field(m, 36), StandardCharsets.UTF_16LE);
    // Domain names are case-insensitive; the key is computed over the domain as the message sends it.
    if (nt.length < 16 + 28 + TARGET_INFO.length || !user.equalsIgnoreCase(USER) || !domain.equalsIgnoreCase(DOMAIN)) {
      return false;
    }
    byte[] proof = Arrays.copyOf(nt, 16);
    byte[] blob = Arrays.copyOfRange(nt, 16, nt.length);
    if (blob[0] != 1 || blob[1] != 1
        || !Arrays.equals(TARGET_INFO, Arrays.copyOfRange(blob, 28, 28 + TARGET_INFO.length))) {
      return false;
    }
    byte[] key = hmacMd5(NT_HASH, (user.toUpperCase(Locale.ROOT) + domain).getBytes(StandardCharsets.UTF_16LE));
    byte[] signed = new byte[8 + blob.length];
    System.arraycopy(challenge, 0, signed, 0, 8);
    System.arraycopy(blob, 0, signed, 8, blob.length);
    return MessageDigest.isEqual(proof, hmacMd5(key, signed));
  }

  private static byte[] field(byte[] m, int at) {
    int len = (m[at] & 0xff) | (m[at + 1] & 0xff) << 8;
    int offset = u32(m, at + 4);
    return Arrays.copyOfRange(m, offset, offset + len);
  }

  private static int u32(byte[] m, int at) {
    return (m[at] & 0xff) | (m[at + 1] & 0xff) << 8 | (m[at + 2] & 0xff) << 16 | (m[at + 3] & 0xff) << 24;
  }

  private static void putU32(byte[] m, int at, int v) {
    for (int i = 0; i < 4; i++) {
      m[at + i] = (byte) (v >>> (8 * i));
    }
  }

  private static byte[] hmacMd5(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacMD5");
      mac.init(new SecretKeySpec(key, "HmacMD5"));
      return mac.doFinal(data);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] hex(String s) {
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
