package org.asynchttpclient.request.body.multipart.part;

import io.netty.buffer.ByteBuf;
import java.nio.channels.WritableByteChannel;
import org.asynchttpclient.request.body.multipart.Part;

/** The closing delimiter {@code --boundary--} that ends a multipart body; it has no content. */
public final class MessageEndMultipartPart extends MultipartPart<Part> {

  /**
   * Creates the closing delimiter.
   *
   * @param boundary the multipart boundary
   */
  public MessageEndMultipartPart(byte[] boundary) {
    super(PartHeaders.encodeEnd(boundary), new byte[0]);
  }

  @Override
  protected long contentLength() {
    return 0L;
  }

  @Override
  protected boolean isContentComplete() {
    return true;
  }

  @Override
  protected int transferContentTo(ByteBuf target) {
    return 0;
  }

  @Override
  protected long transferContentTo(WritableByteChannel target) {
    return 0L;
  }
}
