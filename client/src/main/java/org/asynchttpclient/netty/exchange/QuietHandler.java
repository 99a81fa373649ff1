package org.asynchttpclient.netty.exchange;

import io.netty.handler.codec.http.HttpHeaders;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.jetbrains.annotations.Nullable;

/**
 * The handler a hedge reports its connection and request events to: nobody. The exchange's
 * handler hears the hop's primary attempt, and of the responses only the winner's (G2).
 *
 * <p>Threads: any; stateless.
 */
final class QuietHandler implements AsyncHandler<Object> {
  static final QuietHandler INSTANCE = new QuietHandler();

  private QuietHandler() {}

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    return State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) {
    return State.CONTINUE;
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart bodyPart) {
    return State.CONTINUE;
  }

  @Override
  public void onThrowable(Throwable t) {}

  @Override
  public @Nullable Object onCompleted() {
    return null;
  }
}
