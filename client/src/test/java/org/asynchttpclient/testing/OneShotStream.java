package org.asynchttpclient.testing;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A request body stream that can be read only once: it does not support mark/reset, so (as in
 * 3.0.11) the client cannot send it a second time. A {@code ByteArrayInputStream}, which supports
 * reset, is replayed.
 */
public final class OneShotStream extends FilterInputStream {
  OneShotStream(String content) {
    super(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
  }

  public static InputStream of(String content) {
    return new OneShotStream(content);
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}
