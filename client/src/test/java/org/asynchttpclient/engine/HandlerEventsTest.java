package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.Response;
import org.asynchttpclient.handler.ProgressAsyncHandler;
import org.asynchttpclient.handler.TransferCompletionHandler;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.Closing;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.RecordingHandler;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TransferRecorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which handler callbacks an exchange fires, and in which order, compared with 3.0.11. */
class HandlerEventsTest extends HelloFixture {
  private DefaultAsyncHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server.route("/echo", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "ok"));
    client = ClientFixture.client();
  }

  @AfterEach
  void stop() throws Exception {
    Closing.closeAll(client);
  }

  /** Records the write-side callbacks of {@link ProgressAsyncHandler} beside the others. */
  private static final class ProgressRecorder extends RecordingHandler
      implements ProgressAsyncHandler<Response> {
    @Override
    public State onHeadersWritten() {
      events().add("headersWritten");
      return State.CONTINUE;
    }

    @Override
    public State onContentWritten() {
      events().add("contentWritten");
      return State.CONTINUE;
    }

    @Override
    public State onContentWriteProgress(long amount, long current, long total) {
      events().add("progress:" + amount + "/" + current + "/" + total);
      return State.CONTINUE;
    }
  }

  private List<String> writeEvents(BoundRequestBuilder request) throws Exception {
    ProgressRecorder h = new ProgressRecorder();
    assertEquals(200, request.execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
    List<String> out = new CopyOnWriteArrayList<>();
    for (String e : h.events()) {
      if (e.startsWith("headersWritten") || e.startsWith("contentWritten") || e.startsWith("progress")) {
        out.add(e);
      }
    }
    return out;
  }

  // ---- item 1: onCompleted throwing

  @Test
  void onCompletedThrowingFailsTheFutureWithItsExceptionAndCallsOnThrowableOnce() throws Exception {
    IllegalStateException boom = new IllegalStateException("boom in onCompleted");
    // Not recorded as a terminal callback, so terminals() counts the onThrowable calls alone.
    RecordingHandler h =
        new RecordingHandler() {
          @Override
          public Response onCompleted() {
            throw boom;
          }
        };
    ExecutionException e =
        Await.failed(client.prepareGet(server.url("/echo")).execute(h), 10);
    assertSame(boom, e.getCause());
    assertEquals(1, h.terminals(), h.events().toString());
    assertSame(boom, h.failure());
  }

  // ---- item 2: write events

  @Test
  void bodilessAndInMemoryRequestsReportTheirHeadersOnly() throws Exception {
    // 3.0.11 writes such a request as one message: onHeadersWritten, no content events.
    assertEquals(List.of("headersWritten"), writeEvents(client.prepareGet(server.url("/echo"))));
    assertEquals(
        List.of("headersWritten"), writeEvents(client.preparePost(server.url("/echo")).setBody("small")));
    assertEquals(
        List.of("headersWritten"),
        writeEvents(client.preparePost(server.url("/echo")).addFormParam("a", "b")));
  }

  @Test
  void streamedBodiesReportProgressThenContentWritten(@TempDir File dir) throws Exception {
    File file = new File(dir, "body.bin");
    Files.write(file.toPath(), new byte[30_000]);
    assertEquals(
        List.of("headersWritten", "progress:30000/30000/30000", "contentWritten"),
        writeEvents(client.preparePost(server.url("/echo")).setBody(file)));
    List<String> stream =
        writeEvents(
            client.preparePost(server.url("/echo")).setBody(new ByteArrayInputStream(new byte[20_000])));
    assertEquals("headersWritten", stream.get(0), stream.toString());
    assertEquals("contentWritten", stream.get(stream.size() - 1), stream.toString());
    assertTrue(stream.size() >= 3, stream.toString());
    assertTrue(stream.get(stream.size() - 2).matches("progress:\\d+/20000/-1"), stream.toString());
    assertEquals(20_000, server.received().get(1).bytes.length);
  }

  @Test
  void transferListenerHearsTheRequestHeadersThatWereSent() throws Exception {
    TransferRecorder recorder =
        new TransferRecorder(
            headers -> "headersSent:" + headers.get(HttpHeaderNames.HOST),
            headers -> "responseHeaders",
            bytes -> "received:" + bytes.length);
    TransferCompletionHandler h = new TransferCompletionHandler();
    h.addTransferListener(recorder);
    client
        .preparePost(server.url("/echo"))
        .setBody(new ByteArrayInputStream(new byte[100]))
        .execute(h)
        .get(10, TimeUnit.SECONDS);
    assertEquals(
        List.of(
            "headersSent:127.0.0.1:" + server.port(),
            "sent:100/100/-1",
            "responseHeaders",
            "received:2",
            "completed"),
        recorder.events);
  }

  // ---- item 2: hostname resolution with a configured AddressResolverGroup

  /** Resolves "group.invalid" to 127.0.0.1 and counts lookups; every other name is unknown. */
  private static final class OneNameGroup extends AddressResolverGroup<InetSocketAddress> {
    final AtomicInteger lookups = new AtomicInteger();

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
      InetNameResolver names =
          new InetNameResolver(executor) {
            @Override
            protected void doResolve(String host, Promise<InetAddress> promise) throws Exception {
              lookups.incrementAndGet();
              if ("group.invalid".equals(host)) {
                promise.setSuccess(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}));
              } else {
                promise.setFailure(new UnknownHostException(host));
              }
            }

            @Override
            protected void doResolveAll(String host, Promise<List<InetAddress>> promise)
                throws Exception {
              Promise<InetAddress> one = executor().newPromise();
              doResolve(host, one);
              if (one.isSuccess()) {
                promise.setSuccess(Collections.singletonList(one.getNow()));
              } else {
                promise.setFailure(one.cause());
              }
            }
          };
      return new InetSocketAddressResolver(executor, names);
    }
  }

  @Test
  void aConfiguredAddressResolverGroupStillReportsHostnameResolution() throws Exception {
    OneNameGroup group = new OneNameGroup();
    try (DefaultAsyncHttpClient c =
        ClientFixture.client(ClientFixture.config().setAddressResolverGroup(group))) {
      RecordingHandler h = new RecordingHandler();
      String url = "http://group.invalid:" + server.port() + "/echo";
      assertEquals(200, c.prepareGet(url).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
      assertEquals(
          List.of("poolAttempt", "resolveAttempt", "resolveSuccess", "connectAttempt"),
          h.names().subList(0, 4),
          h.events().toString());
      assertEquals("resolveAttempt:group.invalid", h.events().get(1));
      assertTrue(h.events().get(2).contains("127.0.0.1:" + server.port()), h.events().get(2));
      assertEquals(1, group.lookups.get());

      RecordingHandler unknown = new RecordingHandler();
      ExecutionException e =
          Await.failed(c.prepareGet("http://other.invalid:" + server.port() + "/echo").execute(unknown), 10);
      assertTrue(e.getCause() instanceof UnknownHostException, String.valueOf(e.getCause()));
      assertEquals(List.of("poolAttempt", "resolveAttempt", "resolveFailure", "throwable"), unknown.names());
    }
  }

  // ---- item 2: the end of a chunked response

  @Test
  void trailersComeBeforeTheLastPartWhichIsDeliveredEvenWhenEmpty() throws Exception {
    server.route(
        "/chunked",
        (ctx, req) -> {
          TestServer.queue(ctx, TestServer.chunkedHead());
          TestServer.queue(ctx, new DefaultHttpContent(Unpooled.copiedBuffer("body", StandardCharsets.UTF_8)));
          LastHttpContent last = new DefaultLastHttpContent();
          last.trailingHeaders().set("X-Checksum", "abc123");
          TestServer.send(ctx, last);
        });
    List<Boolean> lastFlags = new CopyOnWriteArrayList<>();
    RecordingHandler h =
        new RecordingHandler() {
          @Override
          public State onBodyPartReceived(HttpResponseBodyPart part) {
            lastFlags.add(part.isLast());
            return super.onBodyPartReceived(part);
          }
        };
    assertEquals(200, client.prepareGet(server.url("/chunked")).execute(h).get(10, TimeUnit.SECONDS).getStatusCode());
    List<String> events = h.events();
    int status = h.names().indexOf("status");
    assertEquals(
        List.of("status:200", "headers", "part:4", "trailers", "part:0", "offer", "completed"),
        events.subList(status, events.size()));
    assertEquals(List.of(false, true), lastFlags);
    assertFalse(h.names().contains("throwable"));
  }
}
