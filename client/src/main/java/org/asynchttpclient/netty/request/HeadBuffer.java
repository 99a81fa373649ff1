package org.asynchttpclient.netty.request;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpMethod;
import org.jetbrains.annotations.Nullable;

/**
 * The buffer one connection's request heads are encoded into ({@link DirectHeadWrite}), kept from
 * one request to the next. A keep-alive connection carries one request at a time, and a head's
 * write is over long before the next request is written, so the same buffer serves them all; what
 * is saved is an allocation, a release and the leak detector's sampling per request.
 *
 * <p>The buffer is handed to the write with a reference of its own; the holder keeps another. The
 * buffer is written into again only when the holder's is the last reference (the channel released
 * the write's, the bytes are out); a head asked for while the last one is still queued gets a new
 * buffer, which is then the one kept.
 *
 * <pre>
 *   FRESH --take--&gt; ONE_SENT (a one-off buffer: a connection that carries a single request
 *                             keeps nothing while it waits for its answer)
 *   ONE_SENT --take--&gt; KEPT --take (refCnt 1, big enough)--&gt; KEPT (the same buffer)
 *                        |  --take (busy, or too small)----&gt; KEPT (a new buffer; ours of the
 *                        |                                        old one released)
 *   any --release--&gt; CLOSED: nothing kept any more; take hands out one-off buffers
 * </pre>
 *
 * An idle pooled connection that has been reused thus holds one buffer of at most {@value
 * #MAX_KEPT} bytes (a typical head is a few hundred). The connection's response handler calls
 * {@link #release} when the channel goes inactive or the handler leaves the pipeline.
 *
 * <p>It also keeps the {@link OwnTail} of the last own head it wrote ({@link DirectHeadWrite}).
 *
 * <p>Threads: loop-confined (the channel's event loop).
 */
public final class HeadBuffer {
  /** The largest buffer kept; a longer head is encoded into a buffer of its own. */
  static final int MAX_KEPT = 4096;
  /** A first buffer leaves room for a head that grows a little (a cookie, a longer path). */
  static final int MIN_CAPACITY = 256;

  // loop-confined
  private @Nullable ByteBuf kept;
  /** A head has been taken: the next one is worth keeping a buffer for. */
  private boolean oneSent;
  private boolean closed;
  /** The tail of the last own head this connection wrote or took from the client's. */
  private @Nullable OwnTail tail;

  /**
   * An empty buffer with room for {@code size} bytes; the caller owns one reference to it (and
   * hands it to the write). Must run on the channel's event loop.
   */
  ByteBuf take(ByteBufAllocator alloc, int size) {
    ByteBuf k = kept;
    if (k != null && k.refCnt() == 1 && k.capacity() >= size) {
      k.clear();
      return k.retain();
    }
    if (closed || size > MAX_KEPT || !oneSent) {
      oneSent = true;
      return alloc.buffer(size);
    }
    ByteBuf fresh = alloc.buffer(Math.max(size, MIN_CAPACITY));
    kept = fresh;
    if (k != null) {
      k.release(); // ours only: a write still holding it frees it when it is done
    }
    return fresh.retain();
  }

  /**
   * The tail kept by {@link #keepOwnTail} when it is for an own head of {@code method} with {@code
   * Host: host}, else null.
   */
  @Nullable OwnTail ownTail(HttpMethod method, String host) {
    return OwnTail.matching(tail, method, host);
  }

  /** Keeps {@code tail}, which other connections may share, in place of the one kept before. */
  void keepOwnTail(OwnTail tail) {
    this.tail = tail;
  }

  /** Whether a buffer is kept (tests). */
  boolean holds() {
    return kept != null;
  }

  /**
   * Drops the kept buffer and keeps none from now on: the connection is closing. Idempotent.
   * Must run on the channel's event loop.
   */
  public void release() {
    closed = true;
    ByteBuf k = kept;
    kept = null;
    if (k != null) {
      k.release();
    }
  }
}
