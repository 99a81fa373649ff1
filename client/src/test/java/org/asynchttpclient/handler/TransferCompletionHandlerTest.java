package org.asynchttpclient.handler;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.asynchttpclient.HandlerTestFixtures.feedBody;
import static org.asynchttpclient.HandlerTestFixtures.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.List;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.TransferRecorder;
import org.junit.jupiter.api.Test;

class TransferCompletionHandlerTest {

  /** Records every event as a short string. */
  private static class RecordingListener extends TransferRecorder {
    RecordingListener() {
      super(
          headers -> "sent-headers:" + headers.get("X-Req"),
          headers -> "received-headers:" + headers.names(),
          bytes -> "received:" + new String(bytes, UTF_8));
    }
  }

  private static void runExchange(TransferCompletionHandler handler) throws Exception {
    handler.headers(new DefaultHttpHeaders().add("X-Req", "r"));
    handler.onHeadersWritten();
    handler.onContentWriteProgress(5, 5, 10);
    handler.onContentWriteProgress(5, 10, 10);
    handler.onStatusReceived(status(200, "OK"));
    handler.onHeadersReceived(new DefaultHttpHeaders().add("X-Resp", "1"));
    feedBody(handler, "payload", true);
  }

  @Test
  void listenersHearEveryStepAndBodyIsDroppedByDefault() throws Exception {
    RecordingListener listener = new RecordingListener();
    TransferCompletionHandler handler = new TransferCompletionHandler().addTransferListener(listener);
    runExchange(handler);
    Response response = handler.onCompleted();

    assertEquals(
        List.of(
            "sent-headers:r",
            "sent:5/5/10",
            "sent:5/10/10",
            "received-headers:[X-Resp]",
            "received:payload",
            "completed"),
        listener.events);
    assertNotNull(response);
    assertFalse(response.hasResponseBody());
  }

  @Test
  void bodyIsKeptWhenAsked() throws Exception {
    TransferCompletionHandler handler = new TransferCompletionHandler(true);
    runExchange(handler);
    Response response = handler.onCompleted();
    assertNotNull(response);
    assertEquals("payload", response.getResponseBody());
  }

  @Test
  void aThrowingListenerHearsItsOwnFailureAndOthersGoOn() throws Exception {
    RecordingListener faulty =
        new RecordingListener() {
          @Override
          public void onBytesReceived(byte[] bytes) {
            throw new IllegalStateException("listener bug");
          }
        };
    RecordingListener healthy = new RecordingListener();
    TransferCompletionHandler handler =
        new TransferCompletionHandler().addTransferListener(faulty).addTransferListener(healthy);
    runExchange(handler);
    handler.onThrowable(new RuntimeException("exchange failed"));

    assertEquals("throwable:listener bug", faulty.events.get(4));
    assertEquals("received:payload", healthy.events.get(4));
    assertEquals("throwable:exchange failed", healthy.events.get(5));

    handler.removeTransferListener(healthy);
    handler.onThrowable(new RuntimeException("again"));
    assertEquals(6, healthy.events.size());
  }
}
