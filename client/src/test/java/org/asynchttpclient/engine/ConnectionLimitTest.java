package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.exception.TooManyConnectionsException;
import org.asynchttpclient.netty.channel.ConnectionSemaphore;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TwoOrigins;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code maxConnections} counts open connections, idle pooled ones included, as in 3.0.11: an idle
 * connection to one host holds its permit, so a request to another host is refused with 3.0.11's
 * {@link TooManyConnectionsException} until that connection closes.
 */
class ConnectionLimitTest extends TwoOrigins {

  @BeforeEach
  void start() throws Exception {
    a.route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "a"));
    b.route("/ok", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "b"));
  }

  private static String body(ListenableFuture<Response> f) throws Exception {
    return f.get(10, TimeUnit.SECONDS).getResponseBody();
  }

  @Test
  void anIdleConnectionToOneHostCountsAgainstMaxConnectionsForAnother() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      assertEquals("a", body(c.prepareGet(a.url("/ok")).execute()));
      long start = System.nanoTime();
      ExecutionException e =
          assertThrows(ExecutionException.class, () -> body(c.prepareGet(b.url("/ok")).execute()));
      assertInstanceOf(TooManyConnectionsException.class, e.getCause());
      assertTrue(
          System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2),
          "refused at once (acquireFreeChannelTimeout is 0)");
      assertEquals(0, b.acceptedCount(), "no connection to the second host");
      // The idle connection itself is still there for its own host.
      assertEquals("a", body(c.prepareGet(a.url("/ok")).execute()));
      assertEquals(1, a.acceptedCount());
    }
  }

  /** A user's semaphore that grants every permit and records, per acquire, whether it may block. */
  private static final class RecordingSemaphore implements ConnectionSemaphore {
    final List<String> acquires = new CopyOnWriteArrayList<>();

    @Override
    public void acquireChannelLock(Object partitionKey) {
      acquires.add("blocking-only");
    }

    @Override
    public void acquireChannelLock(Object partitionKey, boolean nonBlocking) {
      acquires.add(nonBlocking ? "non-blocking" : "may-block");
    }

    @Override
    public void releaseChannelLock(Object partitionKey) {}
  }

  @Test
  void aUsersSemaphoreIsAskedNotToBlockOnTheClientsLoop() throws Exception {
    a.route("/away", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.FOUND, "", "Location", b.url("/ok")));
    RecordingSemaphore semaphore = new RecordingSemaphore();
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config()
        .setFollowRedirect(true).setConnectionSemaphoreFactory(config -> semaphore))) {
      assertEquals("b", body(c.prepareGet(a.url("/away")).execute()));
    }
    // The first hop asks from the test's thread; the redirect, to another host, from the loop that
    // read the 302, where a semaphore that waited would stall it (AHC 3.0.12, #2226).
    assertEquals(List.of("may-block", "non-blocking"), semaphore.acquires);
  }

  @Test
  void aSemaphoreWrittenFor3011IsAskedTheBlockingWayAsBefore() throws Exception {
    List<Object> keys = new CopyOnWriteArrayList<>();
    ConnectionSemaphore old = new ConnectionSemaphore() {
      @Override
      public void acquireChannelLock(Object partitionKey) {
        keys.add(partitionKey);
      }

      @Override
      public void releaseChannelLock(Object partitionKey) {}
    };
    old.acquireChannelLock("k", true);
    old.acquireChannelLock("k", false);
    assertEquals(List.of("k", "k"), keys);
  }

  @Test
  void theIdleConnectionsPermitComesBackWhenItCloses() throws Exception {
    try (DefaultAsyncHttpClient c = ClientFixture.client(ClientFixture.config().setMaxConnections(1))) {
      assertEquals("a", body(c.prepareGet(a.url("/ok")).execute()));
      a.acceptedChannels().get(0).close(); // the server drops the idle connection
      a.awaitClosed(1);
      Await.until(
          () -> succeeds(c.prepareGet(b.url("/ok")).execute()),
          Duration.ofSeconds(5),
          () -> "the permit of the closed connection never came back");
      assertEquals(1, b.acceptedCount());
    }
  }

  @Test
  void aRequestWaitingAtTheGlobalLimitClosesIdleConnectionsToOtherHosts() throws Exception {
    // 3.0.11 waits out acquireFreeChannelTimeout beside the idle connection, then fails.
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(
            ClientFixture.config().setMaxConnections(1).setAcquireFreeChannelTimeout(5000))) {
      assertEquals("a", body(c.prepareGet(a.url("/ok")).execute()));
      long start = System.nanoTime();
      assertEquals("b", body(c.prepareGet(b.url("/ok")).execute()));
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(4), "did not wait out the 5 s");
      a.awaitClosed(1);
      assertEquals(1, b.acceptedCount());
    }
  }

  private static boolean succeeds(ListenableFuture<Response> f) {
    try {
      return f.get(5, TimeUnit.SECONDS).getStatusCode() == 200;
    } catch (Exception e) {
      return false;
    }
  }
}
