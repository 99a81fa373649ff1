package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.Channel;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A timeout or cancel from any view of the future stops the work (invariants O2, O3): the caller sees
 * exactly the failure that ended the exchange, the handler heard that same failure once, the
 * connection is closed on both sides, the permit is back (the clients run with {@code
 * maxConnectionsPerHost=1}, so the next request proves it), and no timeout of the exchange stays
 * armed.
 */
class StopTheWorkTest extends HelloFixture {
  private static DefaultAsyncHttpClient client(boolean eventLoop) {
    return ClientFixture.client(
        ClientFixture.config().setTypedTimeoutExceptions(true).setUseEventLoopTimeouts(eventLoop).setMaxConnectionsPerHost(1));
  }

  /**
   * The stopped exchange's effects: its channel closed (the client's side and, as the server's
   * only connection so far, the server's), nothing armed and no carrier left on its last attempt,
   * and the only permit back: the next request gets a new connection at once.
   */
  private void assertWorkStopped(
      DefaultAsyncHttpClient client, ListenableFuture<Response> f, RecordingHandler h)
      throws Exception {
    Channel ch = h.connected().get(5, TimeUnit.SECONDS);
    assertTrue(ch.closeFuture().await(5, TimeUnit.SECONDS), "the client's channel stayed open");
    server.awaitClosed(1);
    assertEquals(1, server.closedCount(), "connections the server saw closed");
    Attempt last = ((Exchange<?>) f).current();
    assertNotNull(last, "no attempt started");
    assertFalse(last.timeouts().request().isArmed(), "request timeout still armed");
    assertFalse(last.timeouts().read().isArmed(), "read timeout still armed");
    assertNull(last.carrier(), "the attempt still holds its channel");
    assertEquals(1, h.terminals(), "terminal callbacks");
    Response next = client.prepareGet(server.url("/hello")).execute().get(5, TimeUnit.SECONDS);
    assertEquals("hi", next.getResponseBody());
    assertEquals(2, server.acceptedCount(), "the next request needed a new connection");
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void aRequestFromTheFailureCallbackGetsAConnectionUnderMaxOnePerHost(boolean eventLoop)
      throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop)) {
      CompletableFuture<Throwable> firstFailure = new CompletableFuture<>();
      CompletableFuture<Response> second = new CompletableFuture<>();
      client
          .prepareGet(server.url("/never"))
          .setRequestTimeout(Duration.ofMillis(100))
          .execute()
          .toCompletableFuture()
          .whenComplete(
              (r, t) -> {
                firstFailure.complete(t);
                client
                    .prepareGet(server.url("/hello"))
                    .execute()
                    .toCompletableFuture()
                    .whenComplete(
                        (r2, t2) -> {
                          if (t2 != null) {
                            second.completeExceptionally(t2);
                          } else {
                            second.complete(r2);
                          }
                        });
              });
      Response r = second.get(5, TimeUnit.SECONDS);
      assertEquals(200, r.getStatusCode());
      assertEquals("hi", r.getResponseBody());
      ExchangeTimeoutException te =
          assertInstanceOf(ExchangeTimeoutException.class, firstFailure.get(5, TimeUnit.SECONDS));
      assertEquals(ExchangeTimeoutException.Kind.REQUEST, te.getKind());
      assertEquals(100, te.getBudgetMillis());
      assertEquals(0, te.getHop());
      assertEquals(2, server.acceptedCount(), "the timed-out connection was closed, not reused");
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void cancelOnTheViewStopsTheExchange(boolean eventLoop) throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop)) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute(h);
      server.awaitReceived(1);
      assertTrue(f.toCompletableFuture().cancel(true));
      assertTrue(f.isDone(), "the ListenableFuture is done too");
      assertTrue(f.isCancelled());
      CancellationException e =
          assertThrows(CancellationException.class, () -> f.get(1, TimeUnit.SECONDS));
      assertEquals(CancellationException.class, e.getClass());
      assertEquals(CancellationException.class, h.failure().getClass(), "the handler heard " + h.failure());
      assertWorkStopped(client, f, h);
    }
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void completeExceptionallyOnTheViewFailsWithThatVeryException(boolean eventLoop)
      throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop)) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute(h);
      server.awaitReceived(1);
      IllegalStateException gaveUp = new IllegalStateException("caller gave up");
      assertTrue(f.toCompletableFuture().completeExceptionally(gaveUp));
      assertTrue(f.isDone(), "the ListenableFuture is done too");
      assertFalse(f.isCancelled());
      ExecutionException e = Await.failed(f, 1);
      assertSame(gaveUp, e.getCause(), "the caller's own exception, not a wrapper");
      assertNull(gaveUp.getCause());
      assertSame(gaveUp, h.failure(), "the handler heard the caller's exception");
      assertWorkStopped(client, f, h);
    }
  }

  /**
   * {@code orTimeout} completes the view with a plain {@link TimeoutException} of its own: that is
   * the failure the caller sees through either view, and the client's own timeouts (10 s) never
   * fire, so none is counted.
   */
  @ParameterizedTest(name = "eventLoopTimeouts={0}, view={1}")
  @CsvSource({"false, completable", "true, completable", "false, listenable", "true, listenable"})
  void orTimeoutOnTheViewClosesTheConnection(boolean eventLoop, String view) throws Exception {
    try (DefaultAsyncHttpClient client = client(eventLoop)) {
      RecordingHandler h = new RecordingHandler();
      ListenableFuture<Response> f = client.prepareGet(server.url("/never")).execute(h);
      CompletableFuture<Response> dependent =
          f.toCompletableFuture().orTimeout(150, TimeUnit.MILLISECONDS);
      ExecutionException e =
          view.equals("completable")
              ? Await.failed(dependent, 5)
              : Await.failed(f, 5);
      Throwable cause = e.getCause();
      assertEquals(TimeoutException.class, cause.getClass(), "orTimeout's own exception: " + cause);
      assertNull(cause.getCause());
      assertSame(cause, h.failure(), "the handler heard orTimeout's exception");
      ExecutionException other =
          Await.failed((view.equals("completable") ? f : dependent), 1);
      assertSame(cause, other.getCause(), "both views report the same failure");
      assertWorkStopped(client, f, h);
      assertEquals(0, client.getClientStats().getTimeoutStats().getTimeoutsFired());
    }
  }
}
