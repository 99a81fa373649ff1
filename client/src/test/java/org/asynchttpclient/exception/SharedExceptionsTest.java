package org.asynchttpclient.exception;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedExceptionsTest {

  @Test
  void sharedInstancesHaveNoStackTraceAndAFixedCause() {
    List<IOException> shared =
        List.of(
            ChannelClosedException.INSTANCE,
            PoolAlreadyClosedException.INSTANCE,
            RemotelyClosedException.INSTANCE);
    for (IOException e : shared) {
      assertEquals(0, e.getStackTrace().length, e.getClass().getSimpleName());
      assertNull(e.getCause());
      assertThrows(IllegalStateException.class, () -> e.initCause(new RuntimeException()));
    }
    assertEquals("Channel closed", ChannelClosedException.INSTANCE.getMessage());
    assertEquals("Pool is already closed", PoolAlreadyClosedException.INSTANCE.getMessage());
    assertEquals("Remotely closed", RemotelyClosedException.INSTANCE.getMessage());
  }

  @Test
  void limitsAreNamedInTheMessage() {
    assertEquals("Too many connections: 7", new TooManyConnectionsException(7).getMessage());
    assertEquals(
        "Too many connections per host: 3", new TooManyConnectionsPerHostException(3).getMessage());
  }
}
