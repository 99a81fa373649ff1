package org.asynchttpclient.netty.channel;

import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * What a message from Netty's HTTP decoders is, told by its exact class before any interface test.
 *
 * <p>Why: on the JDK 17 this client supports, a successful {@code instanceof} or cast against an
 * interface records the interface in a one-entry cache of the message's class; the response
 * handlers test the same few classes ({@link DefaultHttpResponse}, {@link DefaultHttpContent},
 * {@link DefaultLastHttpContent}) against five interfaces in turn, on every event loop at once, so
 * each test rewrote that shared cache entry and the loops' cores passed its cache line back and
 * forth (JDK-8180450, fixed in JDK 23). A comparison of classes reads nothing shared. Any other
 * class (a user handler's {@code FullHttpResponse}, say) is classified by the interfaces, as
 * before.
 *
 * <p>Threads: stateless.
 */
public final class DecodedMessages {
  /** An {@link HttpMessage}: a response head (or, from a user's handler, a request's). */
  public static final int MESSAGE = 1;
  /** An {@link HttpResponse}. */
  public static final int RESPONSE = 2;
  /** An {@link HttpContent}: a part of the body. */
  public static final int CONTENT = 4;
  /** A {@link LastHttpContent}: the body's last part (with any trailers). */
  public static final int LAST = 8;

  private static final int HEAD = MESSAGE | RESPONSE;
  private static final int LAST_CONTENT = CONTENT | LAST;

  private DecodedMessages() {}

  /** The kinds {@code msg} is, as a set of the bits above. */
  public static int kind(Object msg) {
    Class<?> c = msg.getClass();
    if (c == DefaultLastHttpContent.class || msg == LastHttpContent.EMPTY_LAST_CONTENT) {
      return LAST_CONTENT;
    }
    if (c == DefaultHttpContent.class) {
      return CONTENT;
    }
    if (c == DefaultHttpResponse.class) {
      return HEAD;
    }
    int kind = 0;
    if (msg instanceof HttpMessage) {
      kind |= MESSAGE;
    }
    if (msg instanceof HttpResponse) {
      kind |= RESPONSE;
    }
    if (msg instanceof HttpContent) {
      kind |= CONTENT;
    }
    if (msg instanceof LastHttpContent) {
      kind |= LAST;
    }
    return kind;
  }

  // The views below: a cast to the exact class, then a widening the compiler checks, so no
  // interface test runs for the decoder's own classes.

  /** {@code msg} as the message it is; its {@link #kind} has {@link #MESSAGE}. */
  public static HttpMessage message(Object msg) {
    return msg.getClass() == DefaultHttpResponse.class ? (DefaultHttpResponse) msg : (HttpMessage) msg;
  }

  /** {@code msg} as the response it is; its {@link #kind} has {@link #RESPONSE}. */
  public static HttpResponse response(Object msg) {
    return msg.getClass() == DefaultHttpResponse.class ? (DefaultHttpResponse) msg : (HttpResponse) msg;
  }

  /** {@code msg} as the body part it is; its {@link #kind} has {@link #CONTENT}. */
  public static HttpContent content(Object msg) {
    Class<?> c = msg.getClass();
    return c == DefaultLastHttpContent.class || c == DefaultHttpContent.class
        ? (DefaultHttpContent) msg
        : (HttpContent) msg;
  }

  /** {@code msg} as the last body part it is; its {@link #kind} has {@link #LAST}. */
  public static LastHttpContent last(Object msg) {
    return msg.getClass() == DefaultLastHttpContent.class ? (DefaultLastHttpContent) msg : (LastHttpContent) msg;
  }

  /** Releases {@code msg} if it holds a reference, as {@link ReferenceCountUtil#release} does. */
  public static void release(Object msg) {
    Class<?> c = msg.getClass();
    if (c == DefaultLastHttpContent.class || c == DefaultHttpContent.class) {
      ((DefaultHttpContent) msg).release();
    } else if (c != DefaultHttpResponse.class) {
      ReferenceCountUtil.release(msg);
    }
  }
}
