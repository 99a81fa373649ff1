package org.asynchttpclient.request.body.generator;

import io.netty.buffer.ByteBuf;

/** One piece of a fed body: a buffer and whether it ends the body. */
public final class BodyChunk {

  /** Whether this chunk is the final one. */
  public final boolean last;

  /** The bytes of the chunk; read by the body that drains it, which releases the queue's reference. */
  public final ByteBuf buffer;

  BodyChunk(ByteBuf buffer, boolean last) {
    this.buffer = buffer;
    this.last = last;
  }
}
