package org.asynchttpclient.netty.handler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.junit.jupiter.api.Test;

/** The replay rule of a failed HTTP/1.1 hop, by default (3.0.11's) and with strictMidResponseRetry. */
class MidResponseRetryTest {
  private static final Request GET = new RequestBuilder("GET").setUrl("http://example.test/").build();
  private static final Request POST = new RequestBuilder("POST").setUrl("http://example.test/").build();

  @Test
  void beforeTheResponseAnyFailureOfAnyMethodIsReplayable() {
    for (boolean strict : new boolean[] {false, true}) {
      assertTrue(MidResponseRetry.mayReplay(POST, false, false, strict, false));
    }
  }

  @Test
  void afterTheResponseStartedALostConnectionIsReplayableUnlessStrict() {
    assertTrue(MidResponseRetry.mayReplay(POST, true, true, false, true));
    assertFalse(MidResponseRetry.mayReplay(POST, true, true, true, true));
    assertTrue(MidResponseRetry.mayReplay(GET, true, false, true, true), "idempotent, nothing delivered");
    assertFalse(MidResponseRetry.mayReplay(GET, true, true, true, true));
  }

  @Test
  void aFailureOfTheClientsOwnMakingAfterTheResponseStartedIsNotReplayedByDefaultEither() {
    assertFalse(MidResponseRetry.mayReplay(GET, true, true, false, false));
    assertFalse(MidResponseRetry.mayReplay(POST, true, false, false, false));
    assertTrue(MidResponseRetry.mayReplay(GET, true, false, false, false));
  }

  @Test
  void socketErrorsAreConnectionLossOtherIoExceptionsAreNot() {
    assertTrue(MidResponseRetry.isConnectionLoss(new SocketException("Connection reset")));
    assertFalse(MidResponseRetry.isConnectionLoss(new IOException("maxInflatedResponseBodySize exceeded")));
  }
}
