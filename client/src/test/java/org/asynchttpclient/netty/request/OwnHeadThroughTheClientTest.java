package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/**
 * Through the whole client, a plain GET's head of the factory's own headers is never built: not
 * to write it, not to read its response, not to pool its connection. Whatever asks the sent head
 * for something on every response (the Digest {@code rspauth} check asks for its credentials) must
 * answer an own head without building it, or every request pays for a header table it never uses.
 */
class OwnHeadThroughTheClientTest extends HelloFixture {
  @Test
  void aPlainGetIsAnsweredWithoutItsHeadBeingBuilt() throws Exception {
    for (int i = 0; i < 3; i++) { // a new connection, then pooled ones
      AtomicReference<NettyRequest> sent = new AtomicReference<>();
      RecordingHandler handler =
          new RecordingHandler() {
            @Override
            public void onRequestSend(NettyRequest request) {
              super.onRequestSend(request);
              sent.set(request); // kept, not asked: asking would build the head
            }
          };
      Response response = client().prepareGet(server.url("/hello")).execute(handler).get(5, TimeUnit.SECONDS);
      assertEquals(HELLO, response.getResponseBody(), "request " + i);
      handler.offered().get(5, TimeUnit.SECONDS); // its connection handed back to the pool
      NettyRequest request = sent.get();
      assertNotNull(request, "request " + i + ": onRequestSend heard");
      assertNotNull(request.unbuiltOwnHead(), "request " + i + ": its head was built");
      assertNull(request.credentials("Authorization"), "request " + i);
    }
  }
}
