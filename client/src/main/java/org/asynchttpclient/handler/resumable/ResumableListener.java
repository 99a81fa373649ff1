package org.asynchttpclient.handler.resumable;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where a {@link ResumableAsyncHandler} puts the bytes of a download, and how much of it a previous
 * attempt left there.
 */
public interface ResumableListener {

  /**
   * Takes the next bytes of the body; called in order, for the first attempt and for each resumed
   * one.
   *
   * @param byteBuffer the bytes, from its position to its limit
   * @throws IOException when they cannot be stored; the handler then stops the download
   */
  void onBytesReceived(ByteBuffer byteBuffer) throws IOException;

  /** Called once the whole body has been received. */
  void onAllBytesReceived();

  /**
   * How many bytes earlier attempts stored: the offset a resumed request asks the server for.
   *
   * @return the stored length, 0 for none
   */
  long length();
}
