package org.asynchttpclient.testing;

import org.asynchttpclient.DefaultAsyncHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * The fields of the HTTP/2 engine tests, as a base class: the {@link H2TestServer} and the client
 * a test makes (each test makes its own: the server's options and the client's config are what
 * it is about), both closed after the test, the client first, after the subclass's own
 * {@code @AfterEach} methods; either may be left null.
 */
public abstract class H2Fixture {
  protected H2TestServer server;
  protected DefaultAsyncHttpClient client;

  @AfterEach
  protected final void closeClientAndServer() throws Exception {
    Closing.closeAll(client, server);
  }
}
