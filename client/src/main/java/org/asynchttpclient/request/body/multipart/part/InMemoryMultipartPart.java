package org.asynchttpclient.request.body.multipart.part;

import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.multipart.Part;

/** A part whose content is already in memory; it holds no resource to release. */
abstract class InMemoryMultipartPart<T extends Part> extends MultipartPart<T> {

  private final ByteBuffer content;

  InMemoryMultipartPart(byte[] head, byte[] content) {
    super(head, PartHeaders.CRLF);
    this.content = ByteBuffer.wrap(content);
  }

  @Override
  protected long contentLength() {
    return content.capacity();
  }

  @Override
  protected boolean isContentComplete() {
    return !content.hasRemaining();
  }

  @Override
  protected int transferContentTo(ByteBuf target) {
    return copy(content, target);
  }

  @Override
  protected long transferContentTo(WritableByteChannel target) throws IOException {
    return target.write(content);
  }
}
