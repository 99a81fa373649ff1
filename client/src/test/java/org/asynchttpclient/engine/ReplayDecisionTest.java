package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.exception.RemotelyClosedException;
import org.asynchttpclient.netty.hop.Replays;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientAndServer;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2FramePeer;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

/**
 * The replay decision's rows that only a real exchange reaches (see ReplaysTest): what is sent
 * again, how often, and what the caller hears when nothing more is.
 */
class ReplayDecisionTest extends ClientAndServer<RawServer> {

  /** A port nothing listens on: a connect there is refused at once. */
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static long count(RecordingHandler h, String name) {
    return h.names().stream().filter(name::equals).count();
  }

  /** As 3.0.14 does: each refused connect is retried, maxRequestRetry times, then ConnectException. */
  @Test
  void aRefusedConnectionIsRetriedMaxRequestRetryTimes() throws Exception {
    client = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(3));
    RecordingHandler h = new RecordingHandler();
    ExecutionException e =
        Await.failed(client.preparePost("http://127.0.0.1:" + closedPort() + "/").setBody("x").execute(h), 10);

    assertInstanceOf(ConnectException.class, e.getCause(), String.valueOf(e.getCause()));
    assertEquals(4, count(h, "connectAttempt"), "connect attempts: " + h.names());
    assertEquals(3, count(h, "retry"), "onRetry: " + h.names());
  }

  @Test
  void noRetryOfARefusedConnectionWithMaxRequestRetryZero() throws Exception {
    client = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(0));
    RecordingHandler h = new RecordingHandler();
    ExecutionException e = Await.failed(client.prepareGet("http://127.0.0.1:" + closedPort() + "/").execute(h), 10);

    assertInstanceOf(ConnectException.class, e.getCause(), String.valueOf(e.getCause()));
    assertEquals(1, count(h, "connectAttempt"), "connect attempts: " + h.names());
  }

  /** A server that closes every connection as soon as it has read a request head. */
  private AtomicInteger closingServer() throws Exception {
    AtomicInteger heads = new AtomicInteger();
    server = RawServer.withResponder((ch, head) -> {
      heads.incrementAndGet();
      ch.close();
    });
    return heads;
  }

  /**
   * With replayOnlyIdempotent, a POST the server may have processed (it was written, then the
   * connection closed with no answer) is not sent again; the caller learns that and where.
   */
  @Test
  void withReplayOnlyIdempotentAPostTheServerMayHaveProcessedFails() throws Exception {
    AtomicInteger heads = closingServer();
    client = ClientFixture.client(ClientFixture.config().setReplayOnlyIdempotent(true));

    ExecutionException e = Await.failed(client.preparePost(server.url("/pay")).setBody("x").execute(), 10);

    assertEquals(1, heads.get(), "the POST reached the server once");
    assertInstanceOf(IOException.class, e.getCause());
    String message = e.getCause().getMessage();
    assertTrue(message.contains("127.0.0.1:" + server.port()), message);
    assertTrue(message.contains("may have processed"), message);
    assertTrue(message.contains(Replays.Reason.NOT_IDEMPOTENT.text()), message);
  }

  @Test
  void withReplayOnlyIdempotentAPostWithAnIdempotencyKeyIsReplayed() throws Exception {
    AtomicInteger heads = closingServer();
    client = ClientFixture.client(ClientFixture.config().setReplayOnlyIdempotent(true).setMaxRequestRetry(2));

    ExecutionException e = Await.failed(
        client.preparePost(server.url("/pay")).setHeader("Idempotency-Key", "k-1").setBody("x").execute(), 10);

    assertEquals(3, heads.get(), "sent, then retried twice");
    // Where 3.0.x gives up too, its very exception: upstream's RetryRequestTest compares it.
    assertSame(RemotelyClosedException.INSTANCE, e.getCause());
  }

  @Test
  void withReplayOnlyIdempotentAGetIsReplayed() throws Exception {
    AtomicInteger heads = closingServer();
    client = ClientFixture.client(ClientFixture.config().setReplayOnlyIdempotent(true).setMaxRequestRetry(2));

    Await.failed(client.prepareGet(server.url("/a")).execute(), 10);

    assertEquals(3, heads.get(), "sent, then retried twice");
  }

  /**
   * An HTTP/2 server that refuses every stream (REFUSED_STREAM): each refusal is sent again,
   * whatever the method and with maxRequestRetry 0, up to the limit; then the caller hears why.
   */
  @Test
  void aServerThatAlwaysRefusesEndsTheExchangeAfterTheLimit() throws Exception {
    AtomicInteger refused = new AtomicInteger();
    server = RawServer.withPipeline(ch -> ch.pipeline().addLast(new H2FramePeer(new Http2Settings(), new Http2FrameAdapter() {
      @Override
      public void onHeadersRead(
          ChannelHandlerContext ctx, int id, Http2Headers headers, int padding, boolean endOfStream) {
        refused.incrementAndGet();
        ((H2FramePeer) ctx.handler()).writer.writeRstStream(ctx, id, Http2Error.REFUSED_STREAM.code(), ctx.newPromise());
      }

      @Override
      public int onDataRead(ChannelHandlerContext ctx, int id, io.netty.buffer.ByteBuf data, int padding, boolean end) {
        return data.readableBytes() + padding;
      }
    })));
    client = ClientFixture.client(ClientFixture.h2cConfig(java.time.Duration.ofSeconds(10)));

    ExecutionException e = Await.failed(client.preparePost(server.url("/x")).setBody("x").execute(), 10);

    assertEquals(Replays.MAX_UNPROCESSED_REPLAYS + 1, refused.get(), "sent once, then replayed to the limit");
    String message = e.getCause().getMessage();
    assertTrue(message.startsWith("HTTP/2 stream "), message);
    assertTrue(message.contains("REFUSED_STREAM") && message.contains("did not process"), message);
    assertTrue(message.contains(Replays.Reason.UNPROCESSED_REPLAYS_SPENT.text()), message);
  }
  /**
   * With retryBudgetPercent 0, only the floor of 10 retries a second over the 10 s window is
   * allowed: a server that drops every request gets at most that many retries, then each failure
   * says the budget was spent (AHC's rules alone would retry each request 5 times).
   */
  @Test
  void theRetryBudgetStopsRetriesAndSaysSo() throws Exception {
    AtomicInteger heads = closingServer();
    client = ClientFixture.client(ClientFixture.config().setRetryBudgetPercent(0));
    int requests = 0;
    String message = "";
    while (requests < 60 && !message.contains(Replays.Reason.RETRY_BUDGET_SPENT.text())) {
      requests++;
      ExecutionException e = Await.failed(client.prepareGet(server.url("/flaky")).execute(), 10);
      message = String.valueOf(e.getCause().getMessage());
    }
    assertTrue(message.contains(Replays.Reason.RETRY_BUDGET_SPENT.text()), message);
    assertTrue(message.contains("may have processed"), message);
    // 100 retries in the window, each request once: not 6 per request.
    assertEquals(requests + 100, heads.get(), requests + " requests");
  }
}
