package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import org.asynchttpclient.request.body.Body;
import org.reactivestreams.Publisher;

/**
 * A request body supplied by a Reactive Streams {@link Publisher} of {@link ByteBuf}s.
 *
 * <p>The client subscribes when it writes the body, on the connection's event loop, requests one buffer at a time
 * (the next only once the previous one was written to the socket) and releases every buffer it receives, written or
 * not. A subscription is cancelled when the write fails or the connection closes.
 *
 * <p><b>Not replayable:</b> the publisher is subscribed to once. A request with this body cannot be retried,
 * redirected with its body (307/308) or replayed for authentication; such a hop fails instead.
 *
 * <p>{@link #createBody()} exists only to satisfy {@link BodyGenerator}: the returned body cannot be read through
 * {@link Body#transferTo}, because the client writes the publisher's buffers directly.
 */
public final class ReactiveStreamsBodyGenerator implements BodyGenerator {
  private final Publisher<ByteBuf> publisher;
  private final long contentLength;

  /**
   * @param publisher emits the body's bytes in order
   * @param contentLength the total number of bytes the publisher emits, or -1 if unknown (the body is then sent
   *     with {@code Transfer-Encoding: chunked})
   */
  public ReactiveStreamsBodyGenerator(Publisher<ByteBuf> publisher, long contentLength) {
    if (contentLength < -1) {
      throw new IllegalArgumentException("contentLength: " + contentLength + " (expected >= -1)");
    }
    this.publisher = publisher;
    this.contentLength = contentLength;
  }

  public Publisher<ByteBuf> getPublisher() {
    return publisher;
  }

  /** The declared length in bytes, or -1 if unknown. */
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public Body createBody() {
    return new PublisherOnlyBody(contentLength);
  }

  /** Reports the length; refuses to be read, since only the client's reactive writer consumes the publisher. */
  private static final class PublisherOnlyBody implements Body {
    private final long contentLength;

    PublisherOnlyBody(long contentLength) {
      this.contentLength = contentLength;
    }

    @Override
    public long getContentLength() {
      return contentLength;
    }

    @Override
    public BodyState transferTo(ByteBuf target) throws IOException {
      throw new IOException(
          "a ReactiveStreamsBodyGenerator body is written from its Publisher by the client (expected no transferTo)");
    }

    @Override
    public void close() {}
  }
}
