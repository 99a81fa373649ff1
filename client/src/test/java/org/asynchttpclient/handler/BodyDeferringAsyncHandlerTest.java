package org.asynchttpclient.handler;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.asynchttpclient.HandlerTestFixtures.feedBody;
import static org.asynchttpclient.HandlerTestFixtures.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.ConnectException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Plays the I/O thread on a second thread while the test thread waits, as a user would. */
class BodyDeferringAsyncHandlerTest {
  private final ExecutorService ioThread = Executors.newSingleThreadExecutor();
  private final ExecutorService userThread = Executors.newSingleThreadExecutor();

  @AfterEach
  void shutdown() {
    ioThread.shutdownNow();
    userThread.shutdownNow();
  }

  /** An output stream that records whether it was flushed and closed. */
  private static final class TrackingOutputStream extends ByteArrayOutputStream {
    volatile boolean closed;

    @Override
    public void close() {
      closed = true;
    }

    synchronized String text() {
      return new String(toByteArray(), UTF_8);
    }
  }

  @Test
  void getResponseReturnsOnceTheFirstBodyPartArrivesAndTheBodyGoesToTheStream() throws Exception {
    TrackingOutputStream out = new TrackingOutputStream();
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(out);
    Future<Response> head = userThread.submit(handler::getResponse);

    CountDownLatch headersFed = new CountDownLatch(1);
    CountDownLatch mayFinish = new CountDownLatch(1);
    Future<Response> done =
        ioThread.submit(
            () -> {
              handler.onStatusReceived(status(200, "OK"));
              handler.onHeadersReceived(new DefaultHttpHeaders().add("X-Size", "11"));
              headersFed.countDown();
              feedBody(handler, "hello ", false);
              assertTrue(mayFinish.await(10, TimeUnit.SECONDS));
              feedBody(handler, "world", true);
              handler.onTrailingHeadersReceived(new DefaultHttpHeaders().add("X-Trailer", "t"));
              return handler.onCompleted();
            });

    assertTrue(headersFed.await(10, TimeUnit.SECONDS));
    Response early = head.get(10, TimeUnit.SECONDS);
    // The first part has been written, the second is held back by the latch.
    assertNotNull(early);
    assertEquals(200, early.getStatusCode());
    assertEquals("11", early.getHeader("X-Size"));
    assertFalse(early.hasResponseBody());
    assertFalse(out.closed);
    mayFinish.countDown();

    Response last = done.get(10, TimeUnit.SECONDS);
    assertNotNull(last);
    assertEquals("t", last.getHeader("X-Trailer"));
    assertFalse(last.hasResponseBody());
    assertEquals("hello world", out.text());
    assertTrue(out.closed);
    // Later calls still answer with the early response.
    assertSame(early, handler.getResponse());
  }

  @Test
  void getResponseStaysBlockedUntilHeadersArrive() throws Exception {
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(new TrackingOutputStream());
    Future<Response> head = userThread.submit(handler::getResponse);
    handler.onStatusReceived(status(200, "OK"));
    assertThrows(TimeoutException.class, () -> head.get(50, TimeUnit.MILLISECONDS));
    assertNotNull(handler.onCompleted());
    assertEquals(200, head.get(10, TimeUnit.SECONDS).getStatusCode());
  }

  @Test
  void failureBeforeHeadersWakesTheWaiterWithTheCause() throws Exception {
    TrackingOutputStream out = new TrackingOutputStream();
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(out);
    Future<Response> head = userThread.submit(handler::getResponse);
    ConnectException cause = new ConnectException("refused");
    ioThread.submit(() -> handler.onThrowable(cause)).get(10, TimeUnit.SECONDS);

    ExecutionException e = Await.failed(head, 10);
    IOException io = assertInstanceOf(IOException.class, e.getCause());
    assertSame(cause, io.getCause());
    assertTrue(out.closed);
  }

  @Test
  void completedAfterFailureRethrows() throws Exception {
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(new TrackingOutputStream());
    handler.onStatusReceived(status(200, "OK"));
    feedBody(handler, "partial", false);
    IllegalStateException cause = new IllegalStateException("reset");
    handler.onThrowable(cause);
    IOException e = assertThrows(IOException.class, handler::onCompleted);
    assertSame(cause, e.getCause());
    assertThrows(IOException.class, handler::getResponse);
  }

  @Test
  void retryIsRefused() {
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(new TrackingOutputStream());
    assertThrows(UnsupportedOperationException.class, handler::onRetry);
  }

  @Test
  void pipedInputStreamReadsTheBodyAndCloseJoinsTheExchange() throws Exception {
    PipedOutputStream pipeOut = new PipedOutputStream();
    PipedInputStream pipeIn = new PipedInputStream(pipeOut, 64);
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(pipeOut);
    CompletableFuture<Response> exchange = new CompletableFuture<>();

    ioThread.submit(
        () -> {
          try {
            handler.onStatusReceived(status(200, "OK"));
            handler.onHeadersReceived(new DefaultHttpHeaders());
            for (int i = 0; i < 20; i++) {
              // More than the pipe holds: the writer waits for the reader, as documented.
              feedBody(handler, "chunk-" + i + ";", i == 19);
            }
            exchange.complete(handler.onCompleted());
          } catch (Exception e) {
            handler.onThrowable(e);
            exchange.completeExceptionally(e);
          }
          return null;
        });

    try (BodyDeferringAsyncHandler.BodyDeferringInputStream in =
        new BodyDeferringAsyncHandler.BodyDeferringInputStream(exchange, handler, pipeIn)) {
      Response head = in.getAsapResponse();
      assertNotNull(head);
      assertEquals(200, head.getStatusCode());
      String body = readAll(in);
      assertTrue(body.startsWith("chunk-0;chunk-1;"), body);
      assertTrue(body.endsWith("chunk-19;"), body);
    }
    assertTrue(exchange.isDone());
    assertEquals(200, exchange.get().getStatusCode());
  }

  @Test
  void closeReportsTheExchangeFailure() throws Exception {
    CompletableFuture<Response> exchange = new CompletableFuture<>();
    exchange.completeExceptionally(new IOException("connection reset"));
    BodyDeferringAsyncHandler handler = new BodyDeferringAsyncHandler(new TrackingOutputStream());
    BodyDeferringAsyncHandler.BodyDeferringInputStream in =
        new BodyDeferringAsyncHandler.BodyDeferringInputStream(
            exchange, handler, new ByteArrayInputStream(new byte[0]));
    IOException e = assertThrows(IOException.class, in::close);
    assertEquals("connection reset", e.getMessage());
  }

  private static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] buffer = new byte[16];
    int n;
    while ((n = in.read(buffer)) != -1) {
      bytes.write(buffer, 0, n);
    }
    return new String(bytes.toByteArray(), UTF_8);
  }
}
