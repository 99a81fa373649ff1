package org.asynchttpclient.netty.request;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.netty.util.CharsetUtil;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.Iterator;
import java.util.Map;
import org.jetbrains.annotations.Nullable;

/**
 * Writes a bodiless HTTP/1.1 request as the bytes of its head, straight below the connection's
 * {@link HttpClientCodec}, instead of handing the {@link HttpRequest} to the pipeline. The bytes are
 * those Netty's request encoder writes for the same head ({@code DirectHeadWriteTest} compares
 * them); what is saved is the encoder's per-message machinery, the {@code ChunkedWriteHandler}'s
 * queueing of every write, the pipeline hops of the write and of its flush, and the encoder's own
 * lookup of {@code Transfer-Encoding}.
 *
 * <p>Only where skipping the handlers above the codec changes nothing they would do:
 *
 * <ul>
 *   <li>no body, so the head is the whole request (a {@link FullHttpRequest} with empty content);
 *   <li>not HEAD or CONNECT: the codec remembers the method of each request it encodes only to read
 *       the answers of these two (no body, or a tunnel); for every other method it reads the
 *       response the same way whether or not it saw the request;
 *   <li>an origin-form target ({@code /path?query}): Netty rewrites some absolute forms;
 *   <li>no {@code Transfer-Encoding} header: Netty would add the last chunk after the head;
 *   <li>a connection whose pipeline is the client's own ({@code httpAdditionalChannelInitializer}
 *       unset, decided by the caller): a handler a user adds above the codec expects to see every
 *       request's {@link HttpRequest}.
 * </ul>
 *
 * Anything else (and every HTTP/2 stream, WebSocket upgrade and tunnelled CONNECT) goes through
 * the pipeline as before. The head is encoded after {@code onRequestSend}, so a handler that
 * changes it there changes the bytes; a head of the client's own headers that nothing asked for is
 * never built ({@link OwnHead}), and its bytes are those of the head it would build.
 *
 * <p>Threads: {@link #writeAndFlush} and {@link #below} run on the channel's event loop; {@link #encode}
 * keeps a scratch array per thread and nothing else.
 */
final class DirectHeadWrite {
  private static final byte[] COLON_SPACE = {':', ' '};
  private static final byte[] CRLF = {'\r', '\n'};
  /** What follows the request target on the request line. */
  private static final byte[] SPACE_VERSION_CRLF = " HTTP/1.1\r\n".getBytes(CharsetUtil.US_ASCII);
  /** The largest scratch array a thread keeps; a longer head gets an array of its own. */
  private static final int MAX_KEPT_SCRATCH = 8192;
  /** Per thread (the loops encode): grown to the longest head up to {@link #MAX_KEPT_SCRATCH}. */
  private static final FastThreadLocal<byte[]> SCRATCH =
      new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
          return new byte[512];
        }
      };

  private DirectHeadWrite() {}

  /**
   * Writes the head of {@code request} as bytes below the codec of {@code channel} and flushes them
   * from there, encoded into the connection's kept {@code buffer}; returns the write's future, or
   * null, having written nothing, when the head must go through the pipeline. Must run on the
   * channel's event loop.
   *
   * <p>A head nothing has asked for ({@link NettyRequest#unbuiltOwnHead}) is written from its
   * request line and the bytes kept of the last such head with the same method and {@code Host}:
   * the connection's ({@link HeadBuffer#ownTail}), else the client's ({@link
   * NettyRequestFactory#ownTail}); the head is then never built. Without either, it is built
   * (privately: no one else sees it, so no one changed it), encoded, and its tail kept in both.
   *
   * <p>The flush, too, starts below the codec: the handlers above it have nothing of this request
   * to flush (the chunked writer queues only bodies, and a connection carries the next request
   * only once the last one's body is out), so it skips their hops as the write does.
   */
  static @Nullable ChannelFuture writeAndFlush(Channel channel, NettyRequest request, HeadBuffer buffer) {
    OwnHead own = request.unbuiltOwnHead();
    if (own == null) {
      HttpRequest head = request.getHttpRequest();
      ChannelHandlerContext codec = below(channel, head);
      ByteBuf encoded = codec != null ? encode(codec.alloc(), head, buffer) : null;
      return codec != null && encoded != null ? codec.writeAndFlush(encoded) : null;
    }
    ChannelHandlerContext codec = below(channel, own.method, own.requestTarget);
    if (codec == null) {
      return null;
    }
    OwnTail tail = buffer.ownTail(own.method, own.host);
    if (tail == null) {
      tail = own.factory.ownTail(own.method, own.host);
      if (tail != null) {
        buffer.keepOwnTail(tail);
      }
    }
    ByteBuf encoded;
    if (tail != null) {
      encoded = encode(codec.alloc(), own.method, own.requestTarget, tail.bytes, buffer);
    } else {
      encoded = encode(codec.alloc(), own.build(), buffer);
      if (encoded == null) {
        return null; // not one of the factory's heads after all; cannot happen, but the pipeline copes
      }
      int line = requestLineLength(own.method.asciiName(), ByteBufUtil.utf8Bytes(own.requestTarget));
      OwnTail kept = new OwnTail(own.method, own.host,
          ByteBufUtil.getBytes(encoded, encoded.readerIndex() + line, encoded.readableBytes() - line));
      buffer.keepOwnTail(kept);
      own.factory.keepOwnTail(kept);
    }
    return codec.writeAndFlush(encoded);
  }

  /**
   * The codec's context to write {@code head} below, or null when the head must go through the
   * pipeline. Must run on the channel's event loop.
   */
  static @Nullable ChannelHandlerContext below(Channel channel, HttpRequest head) {
    if (!(head instanceof FullHttpRequest)
        || ((FullHttpRequest) head).content().isReadable()
        || head.protocolVersion() != HttpVersion.HTTP_1_1) {
      return null;
    }
    return below(channel, head.method(), head.uri());
  }

  /** As above, for a bodiless HTTP/1.1 head of {@code method} and request {@code target}. */
  private static @Nullable ChannelHandlerContext below(Channel channel, HttpMethod method, String target) {
    if (method == HttpMethod.HEAD || method == HttpMethod.CONNECT || !target.startsWith("/")) {
      return null;
    }
    return channel.pipeline().context(HttpClientCodec.class);
  }

  /**
   * Encodes {@code head} into {@code buffer}'s kept buffer when one is given, else a new one from
   * {@code alloc}; returns null when it carries a {@code Transfer-Encoding} (Netty then frames it,
   * and so must the pipeline).
   *
   * <p>The text is laid out in a per-thread scratch array and copied into the buffer at once: a
   * buffer's per-byte writes cost several times an array store, and a head is a hundred bytes or
   * so of text written one char at a time.
   */
  static @Nullable ByteBuf encode(
      ByteBufAllocator alloc, HttpRequest head, @Nullable HeadBuffer buffer) {
    AsciiString method = head.method().asciiName();
    String target = head.uri();
    int targetBytes = ByteBufUtil.utf8Bytes(target);
    int size = requestLineLength(method, targetBytes) + CRLF.length;
    Iterator<Map.Entry<CharSequence, CharSequence>> sizing = head.headers().iteratorCharSequence();
    while (sizing.hasNext()) {
      Map.Entry<CharSequence, CharSequence> header = sizing.next();
      CharSequence name = header.getKey();
      if (HttpHeaderNames.TRANSFER_ENCODING.contentEqualsIgnoreCase(name)) {
        return null;
      }
      size += name.length() + COLON_SPACE.length + header.getValue().length() + CRLF.length;
    }
    byte[] text = scratch(size);
    int at = putRequestLine(method, target, targetBytes, text);
    Iterator<Map.Entry<CharSequence, CharSequence>> headers = head.headers().iteratorCharSequence();
    while (headers.hasNext()) {
      Map.Entry<CharSequence, CharSequence> header = headers.next();
      at = putAscii(header.getKey(), text, at);
      at = put(COLON_SPACE, text, at);
      at = putAscii(header.getValue(), text, at);
      at = put(CRLF, text, at);
    }
    at = put(CRLF, text, at);
    assert at == size : "head sized " + size + " bytes, encoded " + at;
    ByteBuf buf = buffer != null ? buffer.take(alloc, size) : alloc.buffer(size);
    buf.writeBytes(text, 0, size);
    return buf;
  }

  /**
   * Encodes the head of an {@link OwnHead} from its request line and the {@code tail} kept of an
   * earlier head with the same method and {@code Host}, into {@code buffer}'s kept buffer.
   */
  static ByteBuf encode(
      ByteBufAllocator alloc, HttpMethod method, String target, byte[] tail, HeadBuffer buffer) {
    AsciiString name = method.asciiName();
    int targetBytes = ByteBufUtil.utf8Bytes(target);
    int line = requestLineLength(name, targetBytes);
    byte[] text = scratch(line);
    putRequestLine(name, target, targetBytes, text);
    ByteBuf buf = buffer.take(alloc, line + tail.length);
    buf.writeBytes(text, 0, line);
    buf.writeBytes(tail);
    return buf;
  }

  /** The bytes of {@code method target HTTP/1.1 CRLF}, the target being {@code targetBytes} in UTF-8. */
  private static int requestLineLength(AsciiString method, int targetBytes) {
    return method.length() + 1 + targetBytes + SPACE_VERSION_CRLF.length;
  }

  /** Lays the request line out at the start of {@code text}; returns where it ends. */
  private static int putRequestLine(AsciiString method, String target, int targetBytes, byte[] text) {
    int at = putAscii(method, text, 0);
    text[at++] = ' ';
    if (targetBytes == target.length()) {
      at = putAscii(target, text, at);
    } else {
      byte[] utf8 = target.getBytes(CharsetUtil.UTF_8);
      System.arraycopy(utf8, 0, text, at, utf8.length);
      at += utf8.length;
    }
    return put(SPACE_VERSION_CRLF, text, at);
  }

  /** A scratch array of at least {@code size} bytes; a large one is not kept. */
  private static byte[] scratch(int size) {
    byte[] text = SCRATCH.get();
    if (text.length >= size) {
      return text;
    }
    byte[] larger = new byte[size];
    if (size <= MAX_KEPT_SCRATCH) {
      SCRATCH.set(larger);
    }
    return larger;
  }

  private static int put(byte[] bytes, byte[] to, int at) {
    System.arraycopy(bytes, 0, to, at, bytes.length);
    return at + bytes.length;
  }

  /** As Netty writes header text: one byte per char, '?' for chars above 0xFF. */
  private static int putAscii(CharSequence text, byte[] to, int at) {
    int length = text.length();
    if (text instanceof AsciiString) {
      ((AsciiString) text).copy(0, to, at, length);
      return at + length;
    }
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      to[at + i] = c > 0xFF ? (byte) '?' : (byte) c;
    }
    return at + length;
  }
}
