package org.asynchttpclient.netty.handler;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import org.asynchttpclient.ResponseBodyControl;
import org.asynchttpclient.netty.channel.DecodedMessages;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.h2.H2Streams;
import org.jetbrains.annotations.Nullable;

/**
 * The {@link ResponseBodyControl} of one final response: made by the {@link ResponseHandler} of the
 * channel that carries the response (an HTTP/1.1 connection, or one HTTP/2 stream) when it hands
 * the response's head to the handler, and bound to that response's attempt.
 *
 * <pre>
 *              suspend()                 the response ends, in any way (completed, aborted,
 *   READING -------------&gt; SUSPENDED     failed, timed out, cancelled, its channel closed,
 *      ^                      |          or cancel() ended it): detach()
 *      +----------------------+          READING / SUSPENDED -------------------&gt; DETACHED
 *       resume(): what was held is
 *       delivered first, then reads restart
 * </pre>
 *
 * <p>Suspending turns the channel's autoRead off: an HTTP/1.1 connection stops being read, so the
 * server's bytes back up in the socket buffers and then in the server; an HTTP/2 stream channel
 * stops taking its frames, so the stream's consumed bytes are not handed back to the server as
 * window (the connection's window is refilled as data arrives, see {@code H2Pipeline}, so the
 * connection's other streams go on). Nothing else in the engine touches autoRead. What the
 * channel had already read when the handler suspended (the rest of the read under way, which
 * Netty's decoders deliver in one go) is held here, in order, and delivered by {@link #resume}
 * before the channel is read again: the handler hears nothing of this response while it is
 * suspended. The attempt's read timeout is paused meanwhile ({@link Attempt#pauseReads}); its
 * request timeout is not.
 *
 * <p>{@link #cancel} ends the exchange normally through the response handler ({@link
 * ResponseHandler#cancelBody}); called inside one of this response's callbacks it takes effect as
 * that callback returns, so the reader is never left in the middle of a message with its channel
 * already pooled.
 *
 * <p>Threads: the public methods may be called from any thread and do their work on the channel's
 * event loop (a task queued there, dropped if the loop is shutting down, and the channel with it);
 * once the attempt is over they do nothing. Every other field is confined to that loop.
 */
final class BodyFlowControl implements ResponseBodyControl {
  private static final int READING = 0;
  private static final int SUSPENDED = 1;
  private static final int DETACHED = 2;

  // immutable
  private final ResponseHandler reader;
  private final Channel channel;
  private final Attempt attempt;

  // loop-confined
  private int state = READING;
  /** Messages read while suspended (and after, until they are all delivered), in order. */
  private @Nullable ArrayDeque<Object> held;
  /** The held messages include the body's last part: the body was read from the wire to its end. */
  private boolean endHeld;
  /** suspend() turned the channel's autoRead off, and it has not been turned back on. */
  private boolean readsStopped;
  /** cancel() came inside one of this response's callbacks: the reader acts once it returns. */
  private boolean cancelRequested;
  /** resume() is delivering the held messages: a resume() nested in one of them leaves the rest to it. */
  private boolean draining;

  BodyFlowControl(ResponseHandler reader, Channel channel, Attempt attempt) {
    this.reader = reader;
    this.channel = channel;
    this.attempt = attempt;
  }

  // ---- ResponseBodyControl, any thread

  @Override
  public void suspend() {
    onLoop(this::suspendOnLoop);
  }

  @Override
  public void resume() {
    onLoop(this::resumeOnLoop);
  }

  @Override
  public void cancel() {
    onLoop(this::cancelOnLoop);
  }

  private void onLoop(Runnable action) {
    if (attempt.isOver()) {
      return; // the response has ended: nothing to do, and no task to queue
    }
    EventLoop loop = channel.eventLoop();
    if (loop.inEventLoop()) {
      action.run();
      return;
    }
    try {
      loop.execute(action);
    } catch (RejectedExecutionException shuttingDown) {
      // The loop is going away, and the channel with it: the exchange fails on its own.
    }
  }

  // ---- the loop

  private void suspendOnLoop() {
    if (state != READING || attempt.isOver()) {
      return;
    }
    state = SUSPENDED;
    attempt.pauseReads(true);
    channel.config().setAutoRead(false);
    readsStopped = true;
  }

  private void resumeOnLoop() {
    if (state != SUSPENDED || attempt.isOver()) {
      return;
    }
    state = READING;
    attempt.pauseReads(false);
    if (draining) {
      return; // the resume delivering the held messages goes on with the rest
    }
    draining = true;
    try {
      ArrayDeque<Object> queue;
      Object msg;
      // A delivery may suspend again, cancel, or end the response (which detaches this).
      while (state == READING && (queue = held) != null && (msg = queue.poll()) != null) {
        reader.deliverHeld(channel, attempt, msg);
      }
    } finally {
      draining = false;
    }
    if (state == READING) {
      held = null;
      restartReads();
    }
  }

  private void cancelOnLoop() {
    if (state == DETACHED || attempt.isOver()) {
      return;
    }
    if (reader.delivering()) {
      cancelRequested = true;
      return;
    }
    reader.cancelBody(channel, attempt, endHeld);
  }

  /**
   * Keeps {@code msg} (taking over its reference) when the body is suspended, or while held
   * messages wait to be delivered before it; false, and {@code msg} untouched, otherwise. Loop only.
   */
  boolean hold(Object msg) {
    ArrayDeque<Object> queue = held;
    if (state != SUSPENDED && (queue == null || queue.isEmpty())) {
      return false;
    }
    if (queue == null) {
      queue = new ArrayDeque<>(4);
      held = queue;
    }
    queue.add(msg);
    if ((DecodedMessages.kind(msg) & DecodedMessages.LAST) != 0) {
      endHeld = true;
    }
    return true;
  }

  /** A callback of this response returned: a cancel() called inside it takes effect now. Loop only. */
  void callbackReturned() {
    if (cancelRequested) {
      reader.cancelBody(channel, attempt, endHeld);
    }
  }

  /**
   * The response ended, or its reader moved on: releases what is held, lifts the read pause and
   * gives an HTTP/1.1 connection its reads back (it may be pooled). A stream is never reused: its
   * reads stay off and Netty releases what it buffered when the stream closes. Loop only; once.
   */
  void detach() {
    if (state == DETACHED) {
      return;
    }
    boolean wasSuspended = state == SUSPENDED;
    state = DETACHED;
    ArrayDeque<Object> queue = held;
    held = null;
    if (queue != null) {
      for (Object msg; (msg = queue.poll()) != null; ) {
        DecodedMessages.release(msg);
      }
    }
    if (wasSuspended) {
      attempt.pauseReads(false);
    }
    if (!H2Streams.isStream(channel)) {
      restartReads();
    }
  }

  private void restartReads() {
    if (readsStopped) {
      readsStopped = false;
      channel.config().setAutoRead(true);
    }
  }

  @Override
  public String toString() {
    String[] names = {"READING", "SUSPENDED", "DETACHED"};
    return "BodyFlowControl{" + names[state] + ", " + attempt + '}';
  }
}
