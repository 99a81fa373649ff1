package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Through the whole client, a plain GET's head of the factory's own headers is never built: not
 * to write it, not to read its response, not to pool its connection. Whatever asks the sent head
 * for something on every response (the Digest {@code rspauth} check asks for its credentials) must
 * answer an own head without building it, or every request pays for a header table it never uses.
 */
class OwnHeadThroughTheClientTest {
  private DefaultAsyncHttpClient client;
  private TestServer server;

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client, server);
  }

  @Test
  void aPlainGetIsAnsweredWithoutItsHeadBeingBuilt() throws Exception {
    server =
        new TestServer()
            .route("/hello", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "hi"));
    client = ClientFixture.client();
    for (int i = 0; i < 3; i++) { // a new connection, then pooled ones
      AtomicReference<NettyRequest> sent = new AtomicReference<>();
      Response response =
          client
              .prepareGet(server.url("/hello"))
              .execute(
                  new AsyncCompletionHandler<Response>() {
                    @Override
                    public void onRequestSend(NettyRequest request) {
                      sent.set(request); // kept, not asked: asking would build the head
                    }

                    @Override
                    public Response onCompleted(Response r) {
                      return r;
                    }
                  })
              .get(5, TimeUnit.SECONDS);
      assertEquals("hi", response.getResponseBody(), "request " + i);
      NettyRequest request = sent.get();
      assertNotNull(request, "request " + i + ": onRequestSend heard");
      assertNotNull(request.unbuiltOwnHead(), "request " + i + ": its head was built");
      assertNull(request.credentials("Authorization"), "request " + i);
    }
  }
}
