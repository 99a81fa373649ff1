package org.asynchttpclient.netty.request.body;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.channels.ClosedChannelException;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jetbrains.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A body written from a Reactive Streams {@link Publisher} of {@link ByteBuf}s. Not replayable: the publisher is
 * subscribed to once, by the first {@link #write}.
 *
 * <p>The subscriber requests one buffer, writes it as {@code HttpContent}, and requests the next only when that write
 * completed, so the publisher never runs ahead of the socket. On completion it writes {@code LastHttpContent} and
 * completes the returned future with that write. A publisher error, a failed write, the channel closing or
 * {@link #release()} fail the future and cancel the subscription.
 *
 * <p>Buffers: each buffer received is released exactly once, by the pipeline once it was handed to
 * {@code channel.write}, or by the subscriber when it arrives after the body ended or cannot be written (a publisher
 * may still deliver a few after a cancel).
 */
public final class ReactiveNettyBody implements NettyBody {
  private final Publisher<ByteBuf> publisher;
  private final long contentLength;
  private final AtomicBoolean written = new AtomicBoolean();
  private final AtomicReference<@Nullable ChannelSubscriber> subscriber = new AtomicReference<>();

  /** @param contentLength the bytes the publisher emits in total, or -1 if unknown */
  public ReactiveNettyBody(Publisher<ByteBuf> publisher, long contentLength) {
    this.publisher = publisher;
    this.contentLength = contentLength < 0 ? -1 : contentLength;
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise ignored) {
    if (written.getAndSet(true)) {
      return channel.newFailedFuture(
          new IllegalStateException("reactive request body was already subscribed to (expected a replayable body)"));
    }
    ChannelPromise promise = channel.newPromise();
    ChannelSubscriber channelSubscriber = new ChannelSubscriber(channel, promise, contentLength);
    subscriber.set(channelSubscriber);
    channelSubscriber.start(publisher);
    return promise;
  }

  @Override
  public boolean isReplayable() {
    return false;
  }

  @Override
  public void release() {
    ChannelSubscriber active = subscriber.get();
    if (active != null) {
      active.cancelFromOutside(new CancellationException("request released before its reactive body was written"));
    }
  }

  /**
   * Bridges the publisher's signals onto the channel's event loop. Every signal is handed to the loop's task queue
   * (never run inline, even on the loop) so the signals keep the order the publisher sent them in.
   *
   * <pre>
   *   NEW --onSubscribe--> STREAMING --onComplete--> (write LastHttpContent) DONE
   *                             |  \--onError / write failed / channel closed / release()--> DONE (failed)
   *   NEW --channel closed / release()--> DONE (failed; a late onSubscribe is cancelled)
   * </pre>
   */
  private static final class ChannelSubscriber implements Subscriber<ByteBuf> {
    private final Channel channel;
    private final EventLoop loop;
    private final ChannelPromise promise;
    private final long contentLength;
    private final ChannelFutureListener onChannelClosed;

    // Event loop only.
    private @Nullable Subscription subscription;
    private boolean done;
    private long bytesReceived;

    ChannelSubscriber(Channel channel, ChannelPromise promise, long contentLength) {
      this.channel = channel;
      this.loop = channel.eventLoop();
      this.promise = promise;
      this.contentLength = contentLength;
      this.onChannelClosed = closed -> fail(new ClosedChannelException());
    }

    /** Called on the event loop by {@link ReactiveNettyBody#write}. */
    void start(Publisher<ByteBuf> publisher) {
      channel.closeFuture().addListener(onChannelClosed);
      if (done) {
        return; // the channel was already closed: do not subscribe just to cancel
      }
      try {
        publisher.subscribe(this);
      } catch (RuntimeException e) {
        fail(e);
      }
    }

    void cancelFromOutside(Throwable cause) {
      onLoop(() -> fail(cause), () -> {});
    }

    @Override
    public void onSubscribe(Subscription s) {
      Objects.requireNonNull(s, "subscription");
      onLoop(
          () -> {
            if (done || subscription != null) {
              s.cancel();
              return;
            }
            subscription = s;
            s.request(1);
          },
          s::cancel);
    }

    @Override
    public void onNext(ByteBuf buffer) {
      Objects.requireNonNull(buffer, "buffer");
      onLoop(() -> writeChunk(buffer), buffer::release);
    }

    @Override
    public void onError(Throwable cause) {
      Objects.requireNonNull(cause, "cause");
      onLoop(
          () -> {
            subscription = null; // terminated by the publisher: nothing left to cancel
            fail(cause);
          },
          () -> {});
    }

    @Override
    public void onComplete() {
      onLoop(this::complete, () -> {});
    }

    private void writeChunk(ByteBuf buffer) {
      if (done) {
        buffer.release();
        return;
      }
      bytesReceived += buffer.readableBytes();
      if (contentLength >= 0 && bytesReceived > contentLength) {
        buffer.release();
        fail(BodyWrites.notAsDeclared("reactive request body emitted", bytesReceived, contentLength));
        return;
      }
      channel.writeAndFlush(new DefaultHttpContent(buffer)).addListener((ChannelFutureListener) this::chunkWritten);
    }

    private void chunkWritten(ChannelFuture future) {
      if (!future.isSuccess()) {
        fail(future.cause());
        return;
      }
      Subscription current = subscription;
      if (!done && current != null) {
        current.request(1);
      }
    }

    private void complete() {
      if (done) {
        return;
      }
      subscription = null;
      if (contentLength >= 0 && bytesReceived != contentLength) {
        fail(BodyWrites.notAsDeclared("reactive request body ended after", bytesReceived, contentLength));
        return;
      }
      done = true;
      channel.closeFuture().removeListener(onChannelClosed);
      channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(
          (ChannelFutureListener) last -> {
            if (last.isSuccess()) {
              promise.trySuccess();
            } else {
              promise.tryFailure(last.cause());
            }
          });
    }

    /** Ends the body with {@code cause}; a no-op for the subscription and listener once already ended. */
    private void fail(Throwable cause) {
      done = true;
      Subscription current = subscription;
      subscription = null;
      if (current != null) {
        current.cancel();
      }
      channel.closeFuture().removeListener(onChannelClosed);
      promise.tryFailure(cause);
    }

    private void onLoop(Runnable task, Runnable ifRejected) {
      try {
        loop.execute(task);
      } catch (RejectedExecutionException shuttingDown) {
        ifRejected.run();
        promise.tryFailure(shuttingDown);
      }
    }
  }
}
