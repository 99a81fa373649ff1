package org.asynchttpclient.netty.request.body;

import java.util.List;
import org.asynchttpclient.request.body.generator.BodyGenerator;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.multipart.ByteArrayPart;
import org.asynchttpclient.request.body.multipart.FilePart;
import org.asynchttpclient.request.body.multipart.Part;
import org.asynchttpclient.request.body.multipart.StringPart;

/**
 * Tells the transport whether a request body can be produced again for a retry, a redirect that
 * keeps the body (307/308) or an authentication replay.
 */
public final class BodyReplay {

  private BodyReplay() {}

  /**
   * Whether {@code generator} creates a fresh, complete body on every {@code createBody()} call.
   * Only the built-in in-memory and file generators are known to; stream-based, feedable and
   * user-defined generators are assumed to be one-shot.
   *
   * @param generator the request's generator
   * @return true if a second body would repeat the first
   */
  public static boolean isReplayable(BodyGenerator generator) {
    return generator instanceof ByteArrayBodyGenerator || generator instanceof FileBodyGenerator;
  }

  /**
   * Whether multipart {@code parts} can be encoded again: true unless a part reads a stream (or is
   * of a type this client does not know).
   *
   * @param parts the request's parts
   * @return true if every part can be sent again
   */
  public static boolean isReplayable(List<? extends Part> parts) {
    for (Part part : parts) {
      if (!(part instanceof StringPart
          || part instanceof ByteArrayPart
          || part instanceof FilePart)) {
        return false;
      }
    }
    return true;
  }
}
