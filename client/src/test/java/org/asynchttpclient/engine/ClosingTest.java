package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.asynchttpclient.testing.Closing;
import org.junit.jupiter.api.Test;

/**
 * {@link Closing}, the {@code @AfterEach} helper with which the HTTP/2 engine tests here close
 * their client and servers.
 */
class ClosingTest {
  private final List<String> closed = new CopyOnWriteArrayList<>();

  private AutoCloseable named(String name) {
    return () -> closed.add(name);
  }

  private AutoCloseable failing(String name, Throwable failure) {
    return () -> {
      closed.add(name);
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      throw (Exception) failure;
    };
  }

  @Test
  void closesInTheOrderGivenAndSkipsNulls() throws Exception {
    Closing.closeAll(named("client"), null, named("server"), named("other"));
    assertEquals(List.of("client", "server", "other"), closed);
  }

  @Test
  void aFailingCloseDoesNotStopTheLaterOnesAndTheFirstFailureIsRethrown() {
    IOException clientFailure = new IOException("client");
    IllegalStateException serverFailure = new IllegalStateException("server");
    IOException thirdFailure = new IOException("third");
    Exception thrown =
        assertThrows(
            Exception.class,
            () ->
                Closing.closeAll(
                    failing("client", clientFailure),
                    failing("server", serverFailure),
                    named("http1"),
                    failing("third", thirdFailure)));
    assertEquals(List.of("client", "server", "http1", "third"), closed);
    assertSame(clientFailure, thrown);
    assertArrayEquals(new Throwable[] {serverFailure, thirdFailure}, thrown.getSuppressed());
  }

  @Test
  void anErrorIsCollectedLikeAnException() {
    AssertionError clientFailure = new AssertionError("client");
    IOException serverFailure = new IOException("server");
    AssertionError thrown =
        assertThrows(
            AssertionError.class,
            () ->
                Closing.closeAll(
                    failing("client", clientFailure), failing("server", serverFailure)));
    assertEquals(List.of("client", "server"), closed);
    assertSame(clientFailure, thrown);
    assertArrayEquals(new Throwable[] {serverFailure}, thrown.getSuppressed());
  }
}
