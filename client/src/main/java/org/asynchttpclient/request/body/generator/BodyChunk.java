package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class BodyChunk {
  public final boolean last;
  public final io.netty.buffer.ByteBuf buffer;

  BodyChunk(io.netty.buffer.ByteBuf buffer, boolean last) {
    this.buffer = buffer;
    this.last = last;
  }
}
