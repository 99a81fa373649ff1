package org.asynchttpclient.netty.request;

import static org.asynchttpclient.util.MessageDigestUtils.bytesToHex;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import org.asynchttpclient.Request;
import org.jetbrains.annotations.Nullable;

/**
 * The {@code H(entity-body)} that Digest {@code qop=auth-int} puts into A2 (RFC 7616 section
 * 3.4.3), as lower-case hex, for a request whose body is in memory: bytes, byte chunks, a string
 * (in the request's charset, UTF-8 by default, as it is sent), a {@link ByteBuffer} or a {@link
 * ByteBuf}, read without moving their positions. A body that is produced while it is sent (a
 * stream, a file, multipart parts, a body generator, form parameters) cannot be hashed before it
 * goes out: for those the challenge is not answered. 3.0.11 hashes the same in-memory kinds.
 *
 * <p>Threads: stateless.
 */
public final class EntityBodyHash {
  /** Returned by {@link #of} for a body that cannot be hashed before it is sent. */
  public static final String UNHASHABLE = "";

  private EntityBodyHash() {}

  /**
   * The hex hash of {@code request}'s body with the Digest {@code algorithm} (null: MD5; a
   * {@code -sess} suffix is ignored), null for a request without a body or a null request (the
   * empty body's hash is then used), or {@link #UNHASHABLE}.
   */
  public static @Nullable String of(@Nullable Request request, @Nullable String algorithm) {
    if (request == null) {
      return null;
    }
    MessageDigest md = isHashable(request) ? digest(algorithm) : null;
    if (md == null) {
      return UNHASHABLE;
    }
    byte[] bytes = request.getByteData();
    List<byte[]> chunks = request.getCompositeByteData();
    String string = request.getStringData();
    ByteBuffer buffer = request.getByteBufferData();
    ByteBuf buf = request.getByteBufData();
    if (bytes != null) {
      md.update(bytes);
    } else if (chunks != null) {
      for (byte[] chunk : chunks) {
        md.update(chunk);
      }
    } else if (string != null) {
      md.update(string.getBytes(NettyRequestFactory.charsetOf(request)));
    } else if (buffer != null) {
      md.update(buffer.asReadOnlyBuffer());
    } else if (buf != null) {
      md.update(buf.nioBuffer(buf.readerIndex(), buf.readableBytes()));
    } else {
      return null; // no body
    }
    return bytesToHex(md.digest());
  }

  /**
   * Whether {@link #of} can hash {@code request}'s body (true also for no body), without hashing
   * it: the kinds it reads come first in the encoder's order of precedence, so any of them wins
   * over a streamed kind set beside it.
   */
  public static boolean isHashable(Request request) {
    if (request.getByteData() != null
        || request.getCompositeByteData() != null
        || request.getStringData() != null
        || request.getByteBufferData() != null
        || request.getByteBufData() != null) {
      return true;
    }
    return request.getStreamData() == null
        && request.getFile() == null
        && request.getBodyGenerator() == null
        && (request.getBodyParts() == null || request.getBodyParts().isEmpty())
        && (request.getFormParams() == null || request.getFormParams().isEmpty());
  }

  private static @Nullable MessageDigest digest(@Nullable String algorithm) {
    String name = algorithm == null ? "MD5" : algorithm.toUpperCase(Locale.ROOT);
    if (name.endsWith("-SESS")) {
      name = name.substring(0, name.length() - "-SESS".length());
    }
    try {
      return MessageDigest.getInstance(name.equals("SHA-512-256") ? "SHA-512/256" : name);
    } catch (NoSuchAlgorithmException e) {
      return null; // Realm.Builder refuses the same algorithm with a message
    }
  }
}
