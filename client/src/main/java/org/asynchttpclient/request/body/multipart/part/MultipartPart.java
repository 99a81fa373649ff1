package org.asynchttpclient.request.body.multipart.part;

import io.netty.buffer.ByteBuf;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import org.asynchttpclient.request.body.multipart.Part;

/**
 * The encoder of one part of a multipart body: its head (delimiter and headers), its content and its
 * tail (the CRLF before the next delimiter). The head is encoded, and its values checked, when the
 * encoder is created.
 *
 * <pre>
 *   HEAD --head written--> CONTENT --content complete--> TAIL --tail written--> DONE
 * </pre>
 *
 * <p>Used by one thread at a time, like the body that owns it.
 *
 * @param <T> the kind of part encoded
 */
public abstract class MultipartPart<T extends Part> implements Closeable {

  private enum Phase {
    HEAD,
    CONTENT,
    TAIL,
    DONE
  }

  private final ByteBuffer head;
  private final ByteBuffer tail;
  private Phase phase = Phase.HEAD;

  MultipartPart(byte[] head, byte[] tail) {
    this.head = ByteBuffer.wrap(head);
    this.tail = ByteBuffer.wrap(tail);
  }

  /**
   * Percent-escapes what would end a quoted {@code Content-Disposition} parameter or the header
   * itself: {@code "} becomes {@code %22}, CR {@code %0D} and LF {@code %0A} (RFC 7578 section 4.2,
   * as AHC 3.0.12 does for {@code name} and {@code filename}).
   *
   * @param value the parameter value
   * @return {@code value} itself when it holds none of the three, else an escaped copy
   */
  protected static String escapeQuotedString(String value) {
    StringBuilder escaped = null;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      String replacement = c == '"' ? "%22" : c == '\r' ? "%0D" : c == '\n' ? "%0A" : null;
      if (replacement == null) {
        if (escaped != null) {
          escaped.append(c);
        }
        continue;
      }
      if (escaped == null) {
        escaped = new StringBuilder(value.length() + 8).append(value, 0, i);
      }
      escaped.append(replacement);
    }
    return escaped == null ? value : escaped.toString();
  }

  /**
   * The US-ASCII bytes of a header value written unquoted into a part's head, refusing CR and LF,
   * which would end the header and let the value add headers or parts. (AHC 3.0.12 has the same
   * helper; our own head encoder checks the values when the part is built and writes them as UTF-8.)
   *
   * @param value the header value
   * @return its US-ASCII bytes
   * @throws IllegalArgumentException if {@code value} holds CR or LF
   */
  protected static byte[] asciiHeaderBytes(String value) {
    PartHeaders.requireNoLineBreak("multipart part header", value);
    return value.getBytes(StandardCharsets.US_ASCII);
  }

  /** The number of content bytes, or -1 if unknown. */
  protected abstract long contentLength();

  /** Whether every content byte has been transferred. */
  protected abstract boolean isContentComplete();

  /**
   * Copies the next content bytes into {@code target}, at most {@code target.writableBytes()}.
   *
   * @return the number of bytes copied; 0 only if the content just turned out to be complete or
   *     no byte was available
   */
  protected abstract int transferContentTo(ByteBuf target) throws IOException;

  /**
   * Writes the next content bytes into {@code target}.
   *
   * @return the number of bytes written
   */
  protected abstract long transferContentTo(WritableByteChannel target) throws IOException;

  /** The total encoded length of this part, or -1 if its content length is unknown. */
  public long length() {
    long content = contentLength();
    return content < 0 ? -1L : head.capacity() + content + tail.capacity();
  }

  /** Whether the whole part has been transferred. */
  public boolean isDone() {
    return phase == Phase.DONE;
  }

  /**
   * Copies as much of the part as fits into {@code target}.
   *
   * @param target the buffer to fill
   * @return the number of bytes copied
   * @throws IOException if reading the content fails
   */
  public long transferTo(ByteBuf target) throws IOException {
    long total = 0;
    advance();
    while (phase != Phase.DONE && target.isWritable()) {
      if (phase == Phase.HEAD) {
        total += copy(head, target);
      } else if (phase == Phase.CONTENT) {
        int copied = transferContentTo(target);
        total += copied;
        if (copied == 0 && !isContentComplete()) {
          return total;
        }
      } else {
        total += copy(tail, target);
      }
      advance();
    }
    return total;
  }

  /**
   * Writes as much of the part as {@code target} accepts, stopping at the first write that leaves
   * the current phase unfinished (a full socket buffer, or a large file sent in several calls).
   *
   * @param target the channel to write to
   * @return the number of bytes written
   * @throws IOException if reading the content or writing the channel fails
   */
  public long transferTo(WritableByteChannel target) throws IOException {
    long total = 0;
    advance();
    while (phase != Phase.DONE) {
      Phase before = phase;
      if (phase == Phase.HEAD) {
        total += target.write(head);
      } else if (phase == Phase.CONTENT) {
        total += transferContentTo(target);
      } else {
        total += target.write(tail);
      }
      advance();
      if (phase == before) {
        return total;
      }
    }
    return total;
  }

  /** Moves past every phase that has nothing left to send. */
  private void advance() {
    if (phase == Phase.HEAD && !head.hasRemaining()) {
      phase = Phase.CONTENT;
    }
    if (phase == Phase.CONTENT && isContentComplete()) {
      phase = Phase.TAIL;
    }
    if (phase == Phase.TAIL && !tail.hasRemaining()) {
      phase = Phase.DONE;
    }
  }

  /** Copies up to {@code target.writableBytes()} bytes of {@code source} and advances it. */
  static int copy(ByteBuffer source, ByteBuf target) {
    int count = Math.min(source.remaining(), target.writableBytes());
    if (count > 0) {
      ByteBuffer slice = source.duplicate();
      slice.limit(slice.position() + count);
      target.writeBytes(slice);
      source.position(source.position() + count);
    }
    return count;
  }

  /** Releases what the content holds (files, streams); the default holds nothing. */
  @Override
  public void close() throws IOException {}
}
