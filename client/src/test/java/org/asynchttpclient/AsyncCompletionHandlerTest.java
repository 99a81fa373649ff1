package org.asynchttpclient;

import static org.asynchttpclient.HandlerTestFixtures.feedBody;
import static org.asynchttpclient.HandlerTestFixtures.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncHandler.State;
import org.asynchttpclient.testing.Await;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.Test;

class AsyncCompletionHandlerTest {
  @Test
  void collectsTheWholeResponse() throws Exception {
    AsyncCompletionHandlerBase handler = new AsyncCompletionHandlerBase();
    assertEquals(State.CONTINUE, handler.onStatusReceived(status(200, "OK")));
    assertEquals(
        State.CONTINUE,
        handler.onHeadersReceived(new DefaultHttpHeaders().add("Content-Type", "text/plain; charset=utf-8")));
    assertEquals(State.CONTINUE, feedBody(handler, "h\u00e9llo ", false));
    assertEquals(State.CONTINUE, feedBody(handler, "world", true));
    assertEquals(State.CONTINUE, handler.onTrailingHeadersReceived(new DefaultHttpHeaders().add("X-T", "1")));

    Response response = handler.onCompleted();
    assertNotNull(response);
    assertEquals(200, response.getStatusCode());
    assertEquals("h\u00e9llo world", response.getResponseBody());
    assertEquals("1", response.getHeader("X-T"));
  }

  @Test
  void aNewStatusStartsOver() throws Exception {
    AsyncCompletionHandlerBase handler = new AsyncCompletionHandlerBase();
    handler.onStatusReceived(status(302, "Found"));
    handler.onHeadersReceived(new DefaultHttpHeaders().add("Location", "/b"));
    feedBody(handler, "moved", true);
    handler.onStatusReceived(status(200, "OK"));
    feedBody(handler, "final", true);

    Response response = handler.onCompleted();
    assertNotNull(response);
    assertEquals(200, response.getStatusCode());
    assertNull(response.getHeader("Location"));
    assertEquals("final", response.getResponseBody());
  }

  @Test
  void completedWithoutStatusPassesNull() throws Exception {
    AtomicReference<String> seen = new AtomicReference<>("not called");
    AsyncCompletionHandler<String> handler =
        new AsyncCompletionHandler<String>() {
          @Override
          public String onCompleted(@Nullable Response response) {
            seen.set(response == null ? "null" : "response");
            return "result";
          }
        };
    assertEquals("result", handler.onCompleted());
    assertEquals("null", seen.get());
  }

  @Test
  void progressHooksContinueAndOnThrowableDoesNotThrow() {
    AsyncCompletionHandlerBase handler = new AsyncCompletionHandlerBase();
    assertEquals(State.CONTINUE, handler.onHeadersWritten());
    assertEquals(State.CONTINUE, handler.onContentWritten());
    assertEquals(State.CONTINUE, handler.onContentWriteProgress(10, 10, 100));
    handler.onThrowable(new IOException("logged at debug"));
  }

  @Test
  void completedFailureFailsEveryView() throws Exception {
    IOException cause = new IOException("refused");
    ListenableFuture<String> future = new ListenableFuture.CompletedFailure<>("no exchange", cause);
    assertTrue(future.isDone());
    assertEquals(false, future.isCancelled());
    assertEquals(false, future.cancel(true));

    ExecutionException e = assertThrows(ExecutionException.class, future::get);
    assertSame(cause, e.getCause());
    assertEquals("no exchange", e.getMessage());
    e = Await.failed(future, 1);
    assertSame(cause, e.getCause());

    CompletableFuture<String> view = future.toCompletableFuture();
    assertTrue(view.isCompletedExceptionally());
    CompletionException joined = assertThrows(CompletionException.class, view::join);
    assertSame(cause, joined.getCause());

    AtomicReference<String> ranOn = new AtomicReference<>("nowhere");
    addListenerWithoutExecutor(future, () -> ranOn.set("inline"));
    assertEquals("inline", ranOn.get());
    future.addListener(() -> ranOn.set("executor"), command -> {
      ranOn.set("submitted");
      command.run();
    });
    assertEquals("executor", ranOn.get());
  }

  // A null executor means "run inline" in AHC 3.0.11, whose parameter is not annotated; it stays
  // unannotated here too so that the public API compares equal, hence the suppression.
  @SuppressWarnings("NullAway")
  private static void addListenerWithoutExecutor(ListenableFuture<?> future, Runnable listener) {
    future.addListener(listener, null);
  }

  @Test
  void statusToStringNamesCodeAndText() {
    String text = status(404, "Not Found").toString();
    assertTrue(text.startsWith("404 Not Found"), text);
  }
}
