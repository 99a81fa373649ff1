package org.asynchttpclient.netty.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.ExecutionException;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/** What the caller gets when an exchange fails with an I/O failure of the transport's own. */
class ExchangeFailureTest {
  private final CountingServices services = new CountingServices();

  private Exchange<Response> exchange() {
    Exchange<Response> ex =
        new Exchange<>(services, CountingServices.fakeRequest(), new RecordingHandler(), false, -1);
    CountingServices.begin(ex, -1);
    return ex;
  }

  /** Netty's ClosedChannelException has no message: the caller learns where it happened. */
  @Test
  void anIoFailureWithoutAMessageIsNamed() throws Exception {
    Exchange<Response> ex = exchange();
    ClosedChannelException closed = new ClosedChannelException();

    ex.fail(closed);

    ExecutionException e = Await.failed(ex, 1);
    IOException named = assertInstanceOf(IOException.class, e.getCause());
    assertEquals("ClosedChannelException on the connection to fake.example:8080", named.getMessage());
    assertSame(closed, named.getCause());
  }

  @Test
  void anIoFailureWithAMessageIsTheCallers() throws Exception {
    Exchange<Response> ex = exchange();
    IOException reset = new IOException("Connection reset by peer");

    ex.fail(reset);

    assertSame(reset, Await.failed(ex, 1).getCause());
  }
}
