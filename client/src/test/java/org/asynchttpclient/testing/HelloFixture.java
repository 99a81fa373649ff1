package org.asynchttpclient.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.jetbrains.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture most engine tests share, as a base class: a client and a loopback server.
 *
 * <ul>
 *   <li>{@link #server}: a {@link TestServer} that answers {@code GET /hello} with 200 and
 *       {@value #HELLO}, and never answers {@code /never}; new for each test (a subclass's own
 *       {@code @BeforeEach} adds its routes) and closed after it, after the subclass's own
 *       {@code @AfterEach} methods, which may still use it;
 *   <li>{@link #client()}: one client from {@link ClientFixture#config()} for all the tests of a
 *       class, made when first asked for (a class that never asks starts no client threads) and
 *       closed after the class's last test. A test about the client's configuration makes its own.
 * </ul>
 */
public abstract class HelloFixture {
  /** The body {@code /hello} answers. */
  public static final String HELLO = "hi";

  // test thread; test classes run one at a time
  private static @Nullable DefaultAsyncHttpClient shared;

  protected TestServer server;

  @BeforeEach
  protected final void startHelloServer() throws InterruptedException {
    server =
        new TestServer()
            .route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, HELLO))
            .route("/never", (ctx, req) -> {});
  }

  @AfterEach
  protected final void closeHelloServer() {
    server.close();
  }

  /**
   * Runs one request to {@code /hello} and waits until its connection is back in {@code client}'s
   * pool, so the next request's timeout is spent waiting for a response: the first connect of a fresh
   * client can outlast a short timeout on a loaded machine, and the timeout's message would then name
   * the request's host:port instead of the connected address.
   */
  protected final void poolOneConnection(DefaultAsyncHttpClient client) throws Exception {
    RecordingHandler first = new RecordingHandler();
    assertEquals(200,
        client.prepareGet(server.url("/hello")).execute(first).get(5, TimeUnit.SECONDS).getStatusCode());
    first.offered().get(5, TimeUnit.SECONDS);
  }

  /** The class's shared client. */
  protected static DefaultAsyncHttpClient client() {
    DefaultAsyncHttpClient c = shared;
    if (c == null) {
      c = ClientFixture.client();
      shared = c;
    }
    return c;
  }

  @AfterAll
  protected static void closeSharedClient() {
    DefaultAsyncHttpClient c = shared;
    shared = null;
    if (c != null) {
      c.close();
    }
  }
}
