package org.asynchttpclient.netty.h2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.HttpConversionUtil;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.asynchttpclient.netty.channel.ResponseDecompressor;
import org.asynchttpclient.util.HttpSyntaxChecks;
import org.asynchttpclient.util.HttpUtils;
import org.jetbrains.annotations.Nullable;

/**
 * The HTTP/1.1 view of one HTTP/2 stream, so that the response reader and request writer of the
 * HTTP/1.1 channels serve streams too.
 *
 * <p>Outbound: the request head becomes a HEADERS frame ({@code :method}, {@code :scheme},
 * {@code :authority} from the {@code Host} header, {@code :path} from the origin-form target; the
 * connection-specific headers dropped); body content becomes DATA frames, the last one ending the
 * stream (or a trailing HEADERS frame). Netty's {@code Http2StreamFrameToHttpObjectCodec} was not
 * used: it writes a scheme header into the request object itself (which a later HTTP/1.1 replay of
 * the same request would then send), sends no {@code :authority} for an origin-form target, and
 * reads responses as HTTP/1.1 with an extension header naming the stream.
 *
 * <p>Inbound: HEADERS become an {@code HttpResponse} of version {@code HTTP/2.0} (interim 1xx ones
 * too), DATA frames become {@code HttpContent}, the frame ending the stream a {@code
 * LastHttpContent} (trailers included). A reset by the peer, or a GOAWAY that leaves this stream
 * unprocessed, is reported as an {@link IOException} down the pipeline. What the server did with
 * the stream is recorded as facts on its {@link StreamSlot} (its HEADERS written, REFUSED_STREAM)
 * and on its connection (the server's GOAWAY), which the replay decision reads ({@link
 * H2Streams#addFacts}): a closed connection says nothing of what the server did with the streams it
 * had, and a write that failed (the stream closed under it) says no more.
 *
 * <p>Threads: the stream channel's event loop (the connection's) only.
 */
final class StreamCodec extends ChannelDuplexHandler {
  static final HttpVersion HTTP_2 = new HttpVersion("HTTP", 2, 0, true);
  private static final DefaultHttpHeadersFactory HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValueValidation(true);
  private static final DefaultHttpHeadersFactory TRAILERS =
      DefaultHttpHeadersFactory.trailersFactory().withValueValidation(true);

  /**
   * Fields HTTP/2 does not take as they are (RFC 9113 8.2.2): connection-specific ones, TE (only
   * "trailers"), Cookie (sent as crumbs, which compress better), and Netty's own extension fields.
   */
  private static final Set<AsciiString> NEEDS_CONVERSION =
      Set.of(
          HttpHeaderNames.CONNECTION,
          HttpHeaderNames.KEEP_ALIVE,
          HttpHeaderNames.PROXY_CONNECTION,
          HttpHeaderNames.TRANSFER_ENCODING,
          HttpHeaderNames.UPGRADE,
          HttpHeaderNames.TE,
          HttpHeaderNames.COOKIE,
          HttpConversionUtil.ExtensionHeaderNames.STREAM_ID.text(),
          HttpConversionUtil.ExtensionHeaderNames.SCHEME.text(),
          HttpConversionUtil.ExtensionHeaderNames.PATH.text(),
          HttpConversionUtil.ExtensionHeaderNames.STREAM_PROMISE_ID.text(),
          HttpConversionUtil.ExtensionHeaderNames.STREAM_DEPENDENCY_ID.text(),
          HttpConversionUtil.ExtensionHeaderNames.STREAM_WEIGHT.text());

  // immutable
  private final String scheme;
  /** Adds the stream's inflater after this codec; null when automatic decompression is off. */
  private final @Nullable Consumer<ChannelHandlerContext> inflater;

  // loop-confined
  private boolean finalResponseSeen;
  private boolean ended;
  private boolean inflaterAdded;

  StreamCodec(String scheme, @Nullable Consumer<ChannelHandlerContext> inflater) {
    this.scheme = scheme;
    this.inflater = inflater;
  }

  // ---- outbound

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof HttpRequest) {
      writeHead(ctx, (HttpRequest) msg, promise);
    } else if (msg instanceof HttpContent) {
      writeContent(ctx, (HttpContent) msg, promise);
    } else if (msg instanceof ByteBuf) {
      ctx.write(new DefaultHttp2DataFrame((ByteBuf) msg, false), promise);
    } else {
      ctx.write(msg, promise);
    }
  }

  private void writeHead(ChannelHandlerContext ctx, HttpRequest req, ChannelPromise promise) {
    Http2Headers headers;
    try {
      headers = headers(req);
    } catch (RuntimeException e) {
      ReferenceCountUtil.release(req);
      promise.setFailure(e);
      return;
    }
    if (!(req instanceof FullHttpRequest)) {
      ctx.write(new DefaultHttp2HeadersFrame(headers, false), headersPromise(ctx, promise, true));
      return;
    }
    FullHttpRequest full = (FullHttpRequest) req;
    ByteBuf content = full.content();
    if (!content.isReadable() && full.trailingHeaders().isEmpty()) {
      full.release();
      ctx.write(new DefaultHttp2HeadersFrame(headers, true), headersPromise(ctx, promise, true));
      return;
    }
    ctx.write(new DefaultHttp2HeadersFrame(headers, false), headersPromise(ctx, promise, false));
    writeContent(ctx, new DefaultLastHttpContent(content, full.trailingHeaders()), ioFailures(ctx, promise));
  }

  /**
   * The HEADERS frame's promise. Its success is recorded on the stream's slot: from then on the
   * server may process the request, and before it the server cannot have (a stream Netty refused
   * to open, after a GOAWAY or over the server's limit, or whose connection failed first). The
   * replay decision reads that fact ({@link H2Streams#addFacts}), not the class of the failure.
   * {@code whole}: the frame is all that is written with {@code promise}, so its success is the
   * request's.
   */
  private static ChannelPromise headersPromise(ChannelHandlerContext ctx, ChannelPromise promise, boolean whole) {
    ChannelPromise inner = ctx.newPromise();
    inner.addListener(f -> {
      if (f.isSuccess()) {
        StreamSlot slot = H2Streams.slot(ctx.channel());
        if (slot != null) {
          slot.headersWritten = true;
        }
        if (whole) {
          promise.trySuccess();
        }
      } else {
        promise.tryFailure(asIoFailure(ctx, f.cause()));
      }
    });
    return inner;
  }

  /** A body frame's promise: the codec's own exceptions become {@link IOException}s. */
  private static ChannelPromise ioFailures(ChannelHandlerContext ctx, ChannelPromise promise) {
    if (promise.isVoid()) {
      return promise;
    }
    ChannelPromise inner = ctx.newPromise();
    inner.addListener(f -> {
      if (f.isSuccess()) {
        promise.trySuccess();
      } else {
        promise.tryFailure(asIoFailure(ctx, f.cause()));
      }
    });
    return inner;
  }

  private static Throwable asIoFailure(ChannelHandlerContext ctx, Throwable cause) {
    return cause instanceof Http2Exception
        ? new IOException("HTTP/2 stream " + H2Streams.streamId(ctx.channel()) + " on "
            + ctx.channel().parent() + " failed: " + cause.getMessage(), cause)
        : cause;
  }

  private Http2Headers headers(HttpRequest req) {
    HttpHeaders in = req.headers();
    Http2Headers out = new DefaultHttp2Headers(false, in.size() + 4);
    if (!copyPlainFields(in, out)) {
      out.clear();
      // Drops the connection-specific headers (Connection and those it names, Keep-Alive,
      // Transfer-Encoding, Upgrade, Host), keeps TE only as trailers, splits Cookie into crumbs
      // and lowercases names, as HTTP/2 requires.
      HttpConversionUtil.toHttp2Headers(in, out);
      out.remove(HttpHeaderNames.HOST);
    }
    // DefaultHttp2Headers keeps pseudo-headers ahead of the fields whatever the order of adding.
    out.method(req.method().asciiName());
    out.scheme(scheme);
    out.path(req.uri());
    String host = in.get(HttpHeaderNames.HOST);
    if (host != null) {
      int at = host.indexOf('@');
      out.authority(at >= 0 ? host.substring(at + 1) : host);
    }
    useHpackSpellingOfOurAcceptEncoding(out);
    return out;
  }

  /**
   * Copies the fields of a head that HTTP/2 takes as they are, names lowercased and {@code Host}
   * left out (it becomes {@code :authority}): the client's own head (Host, Accept, User-Agent,
   * Accept-Encoding) and most heads of users. Returns false as soon as a field needs rewriting
   * ({@link #NEEDS_CONVERSION}), for Netty's conversion to do the whole head again: that
   * conversion builds a map of the fields a Connection header names on every call, about 200
   * bytes per request that such a head never needed.
   */
  private static boolean copyPlainFields(HttpHeaders in, Http2Headers out) {
    for (Iterator<Map.Entry<CharSequence, CharSequence>> it = in.iteratorCharSequence(); it.hasNext(); ) {
      Map.Entry<CharSequence, CharSequence> field = it.next();
      AsciiString name = AsciiString.of(field.getKey()).toLowerCase();
      if (NEEDS_CONVERSION.contains(name)) {
        return false;
      }
      if (!name.contentEquals(HttpHeaderNames.HOST)) {
        out.add(name, field.getValue());
      }
    }
    return true;
  }

  /**
   * The client's own {@code gzip,deflate} (that very instance, never a user's value, which is sent as
   * written) goes out as {@code gzip, deflate}: HPACK's static table has that spelling, so it costs
   * one byte instead of fourteen (AHC 3.0.12 does the same).
   */
  private static void useHpackSpellingOfOurAcceptEncoding(Http2Headers out) {
    List<CharSequence> values = out.getAll(HttpHeaderNames.ACCEPT_ENCODING);
    if (values.isEmpty() || values.get(0) != HttpUtils.GZIP_DEFLATE) {
      return;
    }
    out.remove(HttpHeaderNames.ACCEPT_ENCODING);
    out.add(HttpHeaderNames.ACCEPT_ENCODING, HttpUtils.GZIP_DEFLATE_HPACK);
    for (int i = 1; i < values.size(); i++) {
      out.add(HttpHeaderNames.ACCEPT_ENCODING, values.get(i));
    }
  }

  private static void writeContent(ChannelHandlerContext ctx, HttpContent content, ChannelPromise promise) {
    if (!(content instanceof LastHttpContent)) {
      ctx.write(new DefaultHttp2DataFrame(content.content(), false), promise);
      return;
    }
    HttpHeaders trailers = ((LastHttpContent) content).trailingHeaders();
    if (trailers.isEmpty()) {
      ctx.write(new DefaultHttp2DataFrame(content.content(), true), promise);
      return;
    }
    ByteBuf data = content.content();
    if (data.isReadable()) {
      ctx.write(new DefaultHttp2DataFrame(data, false));
    } else {
      data.release();
    }
    ctx.write(new DefaultHttp2HeadersFrame(HttpConversionUtil.toHttp2Headers(trailers, false), true), promise);
  }

  // ---- inbound

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof Http2HeadersFrame) {
      onHeaders(ctx, (Http2HeadersFrame) msg);
    } else if (msg instanceof Http2DataFrame) {
      Http2DataFrame data = (Http2DataFrame) msg;
      if (data.isEndStream()) {
        ended = true;
        ctx.fireChannelRead(new DefaultLastHttpContent(data.content()));
      } else {
        ctx.fireChannelRead(new DefaultHttpContent(data.content()));
      }
    } else {
      ReferenceCountUtil.release(msg);
    }
  }

  private void onHeaders(ChannelHandlerContext ctx, Http2HeadersFrame frame) throws IOException {
    Http2Headers in = frame.headers();
    if (finalResponseSeen) {
      ended = true;
      HttpHeaders trailers = TRAILERS.newHeaders();
      copy(ctx, in, trailers, true);
      ctx.fireChannelRead(new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER, trailers));
      return;
    }
    CharSequence status = in.status();
    HttpResponseStatus parsed;
    try {
      parsed = status == null ? null : HttpResponseStatus.parseLine(status);
    } catch (IllegalArgumentException e) {
      parsed = null;
    }
    if (parsed == null) {
      throw new IOException("HTTP/2 response without a valid :status (" + status + ") on " + ctx.channel());
    }
    HttpHeaders headers = HEADERS.newHeaders();
    copy(ctx, in, headers, false);
    boolean interim = parsed.codeClass() == io.netty.handler.codec.http.HttpStatusClass.INFORMATIONAL;
    finalResponseSeen = !interim;
    if (inflater != null && !inflaterAdded && ResponseDecompressor.hasContentCoding(headers)) {
      inflaterAdded = true;
      inflater.accept(ctx); // next after this codec: it reads the response fired below
    }
    ctx.fireChannelRead(new DefaultHttpResponse(HTTP_2, parsed, headers));
    if (frame.isEndStream() && !interim) {
      ended = true;
      ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
    }
  }

  /**
   * Copies the regular fields of a HEADERS frame into an HTTP/1.1 header table that validates them,
   * as AHC 3.0.12 does (#2275): Netty's HTTP/2 decoder checks case and pseudo-headers, not that a
   * name is a token nor that a value holds no CR, LF or NUL, and this is the last place to check
   * before the handler sees them. An invalid field fails the stream with an IOException naming it.
   * Pseudo-headers (carried by the response object) and empty names are skipped. In trailers, the
   * fields a trailer may not carry ({@code content-length}, {@code transfer-encoding}, {@code
   * trailer}) are dropped, as Netty's HTTP/1.1 decoder drops them: the body was already delivered,
   * and the sender broke the rule, not the response.
   */
  private static void copy(ChannelHandlerContext ctx, Http2Headers in, HttpHeaders out, boolean trailers)
      throws IOException {
    for (Map.Entry<CharSequence, CharSequence> e : in) {
      CharSequence name = e.getKey();
      if (name.length() == 0 || name.charAt(0) == ':') {
        continue;
      }
      if (trailers
          && (HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name)
              || HttpHeaderNames.TRANSFER_ENCODING.contentEqualsIgnoreCase(name)
              || HttpHeaderNames.TRAILER.contentEqualsIgnoreCase(name))) {
        continue;
      }
      try {
        out.add(name, e.getValue());
      } catch (IllegalArgumentException invalid) {
        throw new IOException(
            "HTTP/2 response " + (trailers ? "trailer" : "header") + " '" + HttpSyntaxChecks.printable(name)
                + "' is not a valid field (expected a token name and a value without CR, LF or NUL) on "
                + ctx.channel(),
            invalid);
      }
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof Http2ResetFrame) {
      if (!ended) {
        ctx.fireExceptionCaught(resetCause(ctx, ((Http2ResetFrame) evt).errorCode()));
      }
      return;
    }
    if (evt instanceof Http2GoAwayFrame) {
      ReferenceCountUtil.release(evt);
      if (!ended) {
        ctx.fireExceptionCaught(goAwayCause(ctx));
      }
      return;
    }
    super.userEventTriggered(ctx, evt);
  }

  /**
   * Netty's multiplexer tells a stream of a GOAWAY only when the server's last stream id is below
   * the stream's (or when the client ran out of stream ids, before the stream was opened). Whether
   * the server processed the stream is decided from the id the connection recorded ({@link
   * H2Streams#addFacts}), so that no other GOAWAY (one the client sent itself, say) can make a
   * stream the server saw replayable.
   */
  private static IOException goAwayCause(ChannelHandlerContext ctx) {
    StreamSlot slot = H2Streams.slot(ctx.channel());
    int lastStreamId = slot != null ? slot.connection.serverGoAwayLastStreamId : -1;
    return new IOException(
        "the server sent GOAWAY (last stream " + lastStreamId + ") while stream "
            + H2Streams.streamId(ctx.channel()) + " was open");
  }

  /** A reset by the server; REFUSED_STREAM is recorded on the slot: the server did not process it. */
  private static IOException resetCause(ChannelHandlerContext ctx, long code) {
    Http2Error error = Http2Error.valueOf(code);
    String name = error != null ? error.name() : "error code " + code;
    if (error == Http2Error.REFUSED_STREAM) {
      StreamSlot slot = H2Streams.slot(ctx.channel());
      if (slot != null) {
        slot.refusedByServer = true;
        slot.connection.partition.refused(slot.connection);
      }
    }
    return new IOException("the server reset stream " + H2Streams.streamId(ctx.channel()) + " (" + name + ")");
  }

  /**
   * A stream error Netty's decoder raised for this stream (a header field it refuses: not a token,
   * a forbidden character, a connection-specific field) reaches the response handler as an
   * IOException naming the server and the stream, Netty's exception its cause, as a malformed
   * HTTP/1.1 response does.
   */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.fireExceptionCaught(
        cause instanceof Http2Exception
            ? new IOException(
                "Server " + ctx.channel().remoteAddress() + " sent a malformed response on stream "
                    + H2Streams.streamId(ctx.channel()) + ": " + cause.getMessage(),
                cause)
            : cause);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    Channel connection = ctx.channel().parent();
    if (!ended && connection != null && !connection.isActive()) {
      // The whole connection went away: say so, and why, rather than a bare "closed".
      String why = H2ConnectionCause.get(connection);
      ctx.fireExceptionCaught(
          new IOException(
              "HTTP/2 connection to " + connection.remoteAddress() + " closed"
                  + (why != null ? " (" + why + ")" : "") + " while stream "
                  + H2Streams.streamId(ctx.channel()) + " was open"));
    }
    super.channelInactive(ctx);
  }
}
