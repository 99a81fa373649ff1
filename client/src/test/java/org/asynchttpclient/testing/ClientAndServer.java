package org.asynchttpclient.testing;

import org.asynchttpclient.DefaultAsyncHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * The fields of a test that makes its own server and client in each test method (their options
 * are what the test is about), as a base class: both closed after the test, the client first, after
 * the subclass's own {@code @AfterEach} methods; either may be left null.
 *
 * @param <S> the kind of server
 */
public abstract class ClientAndServer<S extends AutoCloseable> {
  protected S server;
  protected DefaultAsyncHttpClient client;

  @AfterEach
  protected final void closeClientAndServer() throws Exception {
    Closing.closeAll(client, server);
  }
}
