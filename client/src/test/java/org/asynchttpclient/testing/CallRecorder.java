package org.asynchttpclient.testing;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.jetbrains.annotations.Nullable;

/**
 * An {@link AsyncHandler} for the tests of what wraps or decorates a handler (filters, the
 * resumable handler): it records which callbacks reached it, by name ({@code status},
 * {@code headers}, {@code body}, {@code throwable:<message>}, {@code completed}), answers CONTINUE
 * but to body parts, where it answers as told, and completes with a value of the test's choosing.
 * Unlike {@link RecordingHandler} it runs no exchange; it only shows what was passed on.
 *
 * @param <T> what it completes with
 */
public class CallRecorder<T> implements AsyncHandler<T> {
  /** The callbacks heard, in order. */
  public final List<String> calls = new CopyOnWriteArrayList<>();

  private final State onBody;
  private final @Nullable T result;

  /** Answers CONTINUE to everything and completes with {@code result}. */
  public CallRecorder(@Nullable T result) {
    this(State.CONTINUE, result);
  }

  public CallRecorder(State onBody, @Nullable T result) {
    this.onBody = onBody;
    this.result = result;
  }

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    calls.add("status");
    return State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders headers) {
    calls.add("headers");
    return State.CONTINUE;
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart bodyPart) {
    calls.add("body");
    return onBody;
  }

  @Override
  public void onThrowable(Throwable t) {
    calls.add("throwable:" + t.getMessage());
  }

  @Override
  public @Nullable T onCompleted() {
    calls.add("completed");
    return result;
  }
}
