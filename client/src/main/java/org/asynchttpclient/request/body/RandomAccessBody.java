package org.asynchttpclient.request.body;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface RandomAccessBody extends org.asynchttpclient.request.body.Body {
  long transferTo(java.nio.channels.WritableByteChannel p0) throws java.io.IOException;
}
