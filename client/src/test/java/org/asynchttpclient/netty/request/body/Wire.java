package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.FileRegion;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;

/** Test support: an embedded channel with the engine's write path, and a reader of the exact bytes it emitted. */
public final class Wire {
  private Wire() {}

  /** HTTP codec then chunked writer, as the engine installs them (writes flow from the writer to the codec). */
  public static EmbeddedChannel newChannel() {
    EmbeddedChannel channel = new EmbeddedChannel();
    channel.pipeline().addLast("http", new HttpClientCodec());
    channel.pipeline().addLast("chunked-writer", new ChunkedWriteHandler());
    channel.pipeline().addLast("exceptions", new ExceptionRecorder());
    return channel;
  }

  /** Swallows exceptions a failed body fires, which EmbeddedChannel would otherwise rethrow on close. */
  private static final class ExceptionRecorder extends ChannelInboundHandlerAdapter {
    final List<Throwable> seen = new ArrayList<>();

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      seen.add(cause);
    }
  }

  /** A POST head announcing {@code length} bytes, or chunked when it is -1. */
  public static HttpRequest head(long length) {
    HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/upload");
    if (length >= 0) {
      head.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
    } else {
      head.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
    }
    return head;
  }

  /** Writes {@link #head} and fails the test if the codec refused it. */
  public static void writeHead(EmbeddedChannel channel, long length) {
    if (!channel.writeAndFlush(head(length)).isSuccess()) {
      throw new AssertionError("head write failed");
    }
  }

  /** Everything written so far, as ISO-8859-1 text; releases what it reads (buffers and file regions). */
  public static String drain(EmbeddedChannel channel) {
    StringBuilder sb = new StringBuilder();
    for (Object msg = channel.readOutbound(); msg != null; msg = channel.readOutbound()) {
      if (msg instanceof ByteBuf) {
        ByteBuf buf = (ByteBuf) msg;
        sb.append(buf.toString(ISO_8859_1));
        buf.release();
      } else if (msg instanceof FileRegion) {
        FileRegion region = (FileRegion) msg;
        sb.append("<region>").append(new String(transfer(region), ISO_8859_1)).append("</region>");
        region.release();
      } else {
        throw new AssertionError("unexpected outbound message " + msg);
      }
    }
    return sb.toString();
  }

  private static byte[] transfer(FileRegion region) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WritableByteChannel target = Channels.newChannel(out);
    try {
      while (region.transferred() < region.count()) {
        region.transferTo(target, region.transferred());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Strips the request head written by {@link #head}, leaving the body bytes. */
  public static String bodyOf(String wire) {
    int end = wire.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new AssertionError("no request head in " + wire);
    }
    return wire.substring(end + 4);
  }
}
