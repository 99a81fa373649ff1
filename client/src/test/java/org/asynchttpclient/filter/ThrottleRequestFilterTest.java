package org.asynchttpclient.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.EmptyHttpHeaders;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HandlerTestFixtures;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.FilterException;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.asynchttpclient.testing.CallRecorder;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ThrottleRequestFilterTest {

  private static final Request REQUEST = HandlerTestFixtures.request("GET http://h.example/throttled");

  /** Records the callbacks it gets; its name is what the refusal message must show. */
  private static class RecordingHandler extends CallRecorder<String> {
    RecordingHandler() {
      super("done");
    }

    @Override
    public String toString() {
      return "RecordingHandler";
    }
  }

  private static <T> FilterContext<T> context(AsyncHandler<T> handler) {
    return new FilterContext.FilterContextBuilder<>(handler, REQUEST).build();
  }

  @Test
  void permitIsReleasedExactlyOnceEvenAfterTwoTerminalCallbacks() throws Exception {
    ThrottleRequestFilter filter = new ThrottleRequestFilter(1, 0);
    RecordingHandler handler = new RecordingHandler();

    FilterContext<String> ctx = filter.filter(context(handler));
    AsyncHandler<String> wrapped = ctx.getAsyncHandler();
    assertNotSame(handler, wrapped);
    assertSame(REQUEST, ctx.getRequest());

    // The only permit is taken: a second request is refused at once (maxWait 0).
    assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));

    assertEquals("done", wrapped.onCompleted());
    wrapped.onThrowable(new IllegalStateException("late timeout"));
    assertEquals(List.of("completed", "throwable:late timeout"), handler.calls);

    // One permit back, not two: one request passes, the next one is refused.
    filter.filter(context(new RecordingHandler()));
    assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));
  }

  @Test
  void permitIsReleasedOnThrowableAlone() throws Exception {
    ThrottleRequestFilter filter = new ThrottleRequestFilter(1, 0);
    filter.filter(context(new RecordingHandler())).getAsyncHandler().onThrowable(new RuntimeException("x"));
    filter.filter(context(new RecordingHandler()));
    assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));
  }

  @Test
  void nonTerminalCallbacksDoNotReleaseAndAreForwarded() throws Exception {
    ThrottleRequestFilter filter = new ThrottleRequestFilter(1, 0);
    RecordingHandler handler = new RecordingHandler();
    AsyncHandler<String> wrapped = filter.filter(context(handler)).getAsyncHandler();
    wrapped.onStatusReceived(HandlerTestFixtures.status(200, "OK"));
    assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));
    assertEquals(List.of("status"), handler.calls);
  }

  @Test
  void refusalMessageNamesTheLimitTheWaitAndTheRequest() throws Exception {
    ThrottleRequestFilter filter = new ThrottleRequestFilter(2, 25);
    filter.filter(context(new RecordingHandler()));
    filter.filter(context(new RecordingHandler()));
    FilterException e =
        assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));
    String message = String.valueOf(e.getMessage());
    assertTrue(message.contains("all 2 permits in use"), message);
    assertTrue(message.contains("after waiting 25 ms"), message);
    assertTrue(message.contains("GET http://h.example/throttled"), message);
    assertTrue(message.contains("RecordingHandler"), message);
  }

  @Test
  void interruptedWaitFailsAndKeepsTheInterruptFlag() throws Exception {
    ThrottleRequestFilter filter = new ThrottleRequestFilter(1);
    filter.filter(context(new RecordingHandler()));
    Thread.currentThread().interrupt();
    try {
      FilterException e =
          assertThrows(FilterException.class, () -> filter.filter(context(new RecordingHandler())));
      assertInstanceOf(InterruptedException.class, e.getCause());
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void zeroPermitsAreAcceptedAsIn3011AndEveryRequestFailsAfterTheWait() {
    ThrottleRequestFilter none = new ThrottleRequestFilter(0, 50);
    long start = System.nanoTime();
    FilterException e =
        assertThrows(FilterException.class, () -> none.filter(context(new AsyncCompletionHandlerBase())));
    long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(waited >= 40, "waited " + waited + " ms for a permit that cannot exist (expected about 50)");
    assertTrue(e.getMessage().contains("all 0 permits"), e.getMessage());
    ThrottleRequestFilter noWait = new ThrottleRequestFilter(-1, -5);
    assertThrows(FilterException.class, () -> noWait.filter(context(new AsyncCompletionHandlerBase())));
  }

  @Test
  void wrapperKeepsEveryInterfaceOfTheHandler() throws Exception {
    Semaphore semaphore = new Semaphore(0);
    AsyncHandler<Response> wrapped =
        ReleasePermitOnComplete.wrap(new AsyncCompletionHandlerBase(), semaphore);
    assertTrue(wrapped instanceof ProgressAsyncHandler, "ProgressAsyncHandler must survive wrapping");
    assertEquals(AsyncHandler.State.CONTINUE, ((ProgressAsyncHandler<?>) wrapped).onHeadersWritten());
    assertEquals(0, semaphore.availablePermits());
    wrapped.onCompleted();
    wrapped.onCompleted();
    assertEquals(1, semaphore.availablePermits());
  }

  @Test
  void exceptionOfTheHandlerPropagatesUnwrappedAndStillReleases() {
    Semaphore semaphore = new Semaphore(0);
    AsyncHandler<String> throwing =
        new RecordingHandler() {
          @Override
          public @Nullable String onCompleted() {
            throw new IllegalStateException("boom");
          }
        };
    AsyncHandler<String> wrapped = ReleasePermitOnComplete.wrap(throwing, semaphore);
    IllegalStateException e = assertThrows(IllegalStateException.class, wrapped::onCompleted);
    assertEquals("boom", e.getMessage());
    assertEquals(1, semaphore.availablePermits());
  }

  @Test
  void filterContextBuilderCopiesEveryValue() {
    RecordingHandler handler = new RecordingHandler();
    HttpResponseStatus status = HandlerTestFixtures.status(503, "Unavailable");
    IOException failure = new IOException("reset");
    FilterContext<String> original =
        new FilterContext.FilterContextBuilder<>(handler, REQUEST)
            .responseStatus(status)
            .responseHeaders(EmptyHttpHeaders.INSTANCE)
            .ioException(failure)
            .replayRequest(true)
            .build();
    FilterContext<String> copy = new FilterContext.FilterContextBuilder<>(original).build();
    assertSame(handler, copy.getAsyncHandler());
    assertSame(REQUEST, copy.getRequest());
    assertSame(status, copy.getResponseStatus());
    assertSame(EmptyHttpHeaders.INSTANCE, copy.getResponseHeaders());
    assertSame(failure, copy.getIOException());
    assertTrue(copy.replayRequest());

    FilterContext<String> plain = context(handler);
    assertFalse(plain.replayRequest());
    assertNull(plain.getResponseStatus());
    assertNull(plain.getIOException());
  }
}
