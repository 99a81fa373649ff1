package org.asynchttpclient.netty.channel;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObject;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * The pipeline's {@code inflater}: Netty's {@link HttpContentDecompressor}, so that a user's
 * initializer finding it by name or by type still does (as in 3.0.11), with three additions.
 *
 * <ul>
 *   <li>A response without a content coding is handed on as it came, message by message, without
 *       Netty's decoder seeing it. Most responses have none, and for each of their messages the
 *       decoder would look up two headers, take a reference and release it again, and go through
 *       an output list: about 3% of the client's CPU in a closed-loop profile. The decoder's own
 *       rule for what "no coding" means is kept: no {@code Content-Encoding}, and no {@code
 *       Transfer-Encoding} other than {@code chunked} (Netty 4.2 reads a coding from there too).
 *   <li>{@code keepEncodingHeader} keeps the response's {@code Content-Encoding} after its body was
 *       decoded, as 3.0.11 does; without it the header is removed.
 *   <li>It tells {@link InflatedBodyLimit} whether the current body is being inflated, and stops
 *       inflating once that limit is passed. With a limit configured, the limit's handler goes
 *       right after this one when the connection's first coded body arrives, not before: a
 *       connection that never sees one passes each message through one handler fewer.
 *   <li>On an HTTP/1.1 connection it applies {@link TransferCodingCheck}'s rule to each response
 *       first, in place of that handler (one handler fewer again).
 * </ul>
 *
 * <p>Per response, loop-confined:
 *
 * <pre>
 *   BETWEEN --message without a coding----------> PASSING  --last content--> BETWEEN
 *   BETWEEN --message with a coding, or stopped-> DECODING --last content--> BETWEEN
 * </pre>
 *
 * In DECODING every message goes to Netty's decoder, which does the rest (100-continue included).
 * A message that is its own last content goes back to BETWEEN at once.
 *
 * <p>Reads with auto-read off: Netty's decoder asks for another read at the end of a read in which
 * it handed nothing on (it may have swallowed a whole compressed chunk). A read in which this
 * handler handed something on itself needs no further read, so the decoder's end-of-read step,
 * which cannot see those messages, is skipped for it.
 */
public final class ResponseDecompressor extends HttpContentDecompressor {
  static final String LIMIT_NAME = "inflated-limit";

  // immutable
  private final boolean keepEncodingHeader;
  private final boolean checkTransferCoding;
  /** Not positive: no limit. */
  private final long maxInflatedBytes;

  // loop-confined
  private boolean limitAdded;
  private boolean passing;
  private boolean handedOnInRead;
  private boolean inflating;
  private boolean stopped;

  /**
   * Adds the inflater of an HTTP/1.1 connection to {@code p}, in place of a {@link
   * TransferCodingCheck}; its {@link InflatedBodyLimit} of {@code maxBytes} ({@code
   * maxDecompressedResponseSize}) follows it when positive, from the first coded body on.
   */
  public static void installOnConnection(ChannelPipeline p, boolean keepEncodingHeader, long maxBytes) {
    p.addLast("inflater", new ResponseDecompressor(keepEncodingHeader, true, maxBytes));
  }

  /**
   * Adds the inflater of an HTTP/2 stream right after the stream's {@code codec}, which does so
   * when a response of the stream first has a content coding ({@link #hasContentCoding}): most
   * have none, and an inflater made with every stream (it and its context, about 180 bytes) would
   * be a cost per request. Its {@link InflatedBodyLimit} of {@code maxBytes} follows it when
   * positive, from the first coded body on.
   */
  public static void installOnStream(ChannelHandlerContext codec, boolean keepEncodingHeader, long maxBytes) {
    codec.pipeline().addAfter(codec.name(), "inflater", new ResponseDecompressor(keepEncodingHeader, false, maxBytes));
  }

  /**
   * An inflater with neither a limit of its own nor the transfer-coding check; {@code
   * keepEncodingHeader}: the config option of that name.
   */
  public ResponseDecompressor(boolean keepEncodingHeader) {
    this(keepEncodingHeader, false, 0);
  }

  private ResponseDecompressor(
      boolean keepEncodingHeader, boolean checkTransferCoding, long maxInflatedBytes) {
    // 0: no allocation cap of Netty's own; InflatedBodyLimit bounds the inflated size instead
    super(0);
    this.keepEncodingHeader = keepEncodingHeader;
    this.checkTransferCoding = checkTransferCoding;
    this.maxInflatedBytes = maxInflatedBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    int kind = DecodedMessages.kind(msg);
    if ((kind & DecodedMessages.MESSAGE) != 0) {
      HttpHeaders headers = DecodedMessages.message(msg).headers();
      // One lookup serves the transfer-coding rule and the coding test: the header is mostly absent.
      String transfer = headers.get(HttpHeaderNames.TRANSFER_ENCODING);
      if (transfer != null && checkTransferCoding && (kind & DecodedMessages.RESPONSE) != 0) {
        TransferCodingCheck.check(DecodedMessages.response(msg));
      }
      passing = !stopped && !hasContentCoding(headers, transfer);
      if (passing) {
        inflating = false;
      }
    }
    if (!passing) {
      super.channelRead(ctx, msg);
      return;
    }
    if ((kind & DecodedMessages.LAST) != 0) {
      passing = false;
    }
    handedOnInRead = true;
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    if (handedOnInRead) {
      handedOnInRead = false;
      ctx.fireChannelReadComplete();
    } else {
      super.channelReadComplete(ctx);
    }
  }

  /** What Netty's decoder (4.2.18) would take for a coding to decode, tested without allocating. */
  public static boolean hasContentCoding(HttpHeaders headers) {
    return hasContentCoding(headers, headers.get(HttpHeaderNames.TRANSFER_ENCODING));
  }

  /** {@link #hasContentCoding(HttpHeaders)} with the (first) Transfer-Encoding already read. */
  private static boolean hasContentCoding(HttpHeaders headers, @Nullable String transfer) {
    if (headers.contains(HttpHeaderNames.CONTENT_ENCODING)) {
      return true;
    }
    return transfer != null && !"chunked".equalsIgnoreCase(transfer.trim());
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, HttpObject msg, List<Object> out)
      throws Exception {
    if (stopped) {
      return; // past the limit: inflate nothing more (the caller releases msg)
    }
    super.decode(ctx, msg, out);
  }

  @Override
  protected @Nullable EmbeddedChannel newContentDecoder(String contentEncoding) throws Exception {
    EmbeddedChannel decoder = super.newContentDecoder(contentEncoding);
    inflating = decoder != null;
    if (inflating && maxInflatedBytes > 0 && !limitAdded) {
      limitAdded = true;
      // Added while the response head is being decoded: the head then reaches the limit first.
      ctx.pipeline().addAfter(ctx.name(), LIMIT_NAME,
          new InflatedBodyLimit(maxInflatedBytes, this));
    }
    return decoder;
  }

  @Override
  protected String getTargetContentEncoding(String contentEncoding) throws Exception {
    return keepEncodingHeader ? contentEncoding : super.getTargetContentEncoding(contentEncoding);
  }

  /** Whether the current response's body is being inflated (for {@link InflatedBodyLimit}). */
  boolean inflating() {
    return inflating;
  }

  /** Inflates nothing more on this channel: the inflated size passed its limit. */
  void stop() {
    stopped = true;
    passing = false;
  }
}
