package org.asynchttpclient.netty.request.body;

import io.netty.channel.FileRegion;
import io.netty.util.AbstractReferenceCounted;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.RandomAccessBody;

/**
 * Lets the transport pull a {@link RandomAccessBody} of known length straight into the socket, as a
 * {@link FileRegion}. The body is sequential: the transport's {@code position} argument is ignored and the body
 * continues where it stopped. The body is closed when the transport releases the region.
 *
 * <p>Threads: used by the transport on the channel's event loop only.
 */
final class RandomAccessBodyRegion extends AbstractReferenceCounted implements FileRegion {
  private final RandomAccessBody body;
  private final long count;
  private long transferred;

  RandomAccessBodyRegion(RandomAccessBody body) {
    long length = body.getContentLength();
    if (length < 0) {
      throw new IllegalArgumentException("region body length: " + length + " (expected >= 0)");
    }
    this.body = body;
    this.count = length;
  }

  @Override
  public long position() {
    return 0;
  }

  @Override
  @Deprecated
  public long transfered() {
    return transferred;
  }

  @Override
  public long transferred() {
    return transferred;
  }

  @Override
  public long count() {
    return count;
  }

  @Override
  public long transferTo(WritableByteChannel target, long position) throws IOException {
    long written = body.transferTo(target);
    if (written < 0) {
      throw BodyWrites.notAsDeclared("request body ended after", transferred, count);
    }
    transferred += written;
    if (transferred > count) {
      throw BodyWrites.notAsDeclared("request body produced", transferred, count);
    }
    return written;
  }

  @Override
  public FileRegion retain() {
    super.retain();
    return this;
  }

  @Override
  public FileRegion retain(int increment) {
    super.retain(increment);
    return this;
  }

  @Override
  public FileRegion touch() {
    return this;
  }

  @Override
  public FileRegion touch(Object hint) {
    return this;
  }

  @Override
  protected void deallocate() {
    try {
      body.close();
    } catch (IOException ignored) {
      // Closing only frees the parts' file handles; the write outcome was already reported.
    }
  }
}
