package org.asynchttpclient.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the tests about crossing origins (redirects, cookies, credentials, per-host
 * limits), as a base class: two loopback {@link TestServer}s, {@link #a} and {@link #b}, on two
 * ports of 127.0.0.1 and so two origins, with no routes; new for each test (a subclass's own
 * {@code @BeforeEach} adds the routes) and closed after it, after the subclass's own
 * {@code @AfterEach} methods.
 */
public abstract class TwoOrigins {
  protected TestServer a;
  protected TestServer b;

  @BeforeEach
  protected final void startTwoServers() throws InterruptedException {
    a = new TestServer();
    b = new TestServer();
  }

  @AfterEach
  protected final void closeTwoServers() throws Exception {
    Closing.closeAll(a, b);
  }
}
