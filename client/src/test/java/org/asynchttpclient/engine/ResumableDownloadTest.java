package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Request;
import org.asynchttpclient.Response;
import org.asynchttpclient.handler.resumable.ResumableAsyncHandler;
import org.asynchttpclient.handler.resumable.ResumableIOExceptionFilter;
import org.asynchttpclient.handler.resumable.ResumableRandomAccessFileListener;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.HelloFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resumable downloads end to end: a loopback server cuts the first response after {@link #CUT}
 * bytes, and answers a {@code Range} request with {@code 206} and the rest.
 */
class ResumableDownloadTest extends HelloFixture {
  private static final int CUT = 400;
  private static final byte[] BODY = new byte[1000];

  static {
    for (int i = 0; i < BODY.length; i++) {
      BODY[i] = (byte) (i * 31 + 7);
    }
  }

  @TempDir Path dir;

  @BeforeEach
  void start() throws Exception {
    server.route("/file", (ctx, req) -> serve(ctx, req, true));
    server.route("/ignores-range", (ctx, req) -> serve(ctx, req, false));
  }

  /** Cuts a request without Range after CUT bytes; answers one with Range as told. */
  private static void serve(ChannelHandlerContext ctx, FullHttpRequest req, boolean honoursRange) {
    String range = req.headers().get(HttpHeaderNames.RANGE);
    if (range == null) {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
      head.headers().set(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
      TestServer.queue(ctx, head);
      TestServer.sendAndClose(ctx, new DefaultHttpContent(Unpooled.wrappedBuffer(BODY, 0, CUT)));
      return;
    }
    int from = honoursRange ? Integer.parseInt(range.substring("bytes=".length(), range.length() - 1)) : 0;
    HttpResponse head =
        new DefaultHttpResponse(
            HttpVersion.HTTP_1_1, honoursRange ? HttpResponseStatus.PARTIAL_CONTENT : HttpResponseStatus.OK);
    head.headers().set(HttpHeaderNames.CONTENT_LENGTH, BODY.length - from);
    if (honoursRange) {
      head.headers().set(HttpHeaderNames.CONTENT_RANGE, "bytes " + from + "-" + (BODY.length - 1) + "/" + BODY.length);
    }
    TestServer.queue(ctx, head);
    TestServer.send(ctx, new DefaultLastHttpContent(Unpooled.wrappedBuffer(BODY, from, BODY.length - from)));
  }

  private ResumableAsyncHandler handlerWritingTo(Path file) throws Exception {
    return new ResumableAsyncHandler()
        .setResumableListener(new ResumableRandomAccessFileListener(new RandomAccessFile(file.toFile(), "rw")));
  }

  @Test
  void callerResumesACutDownloadWithARangeRequest() throws Exception {
    Path file = dir.resolve("download.bin");
    ResumableAsyncHandler handler = handlerWritingTo(file);
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(0))) {
      Request request = client.prepareGet(server.url("/file")).build();
      Await.failed(client.executeRequest(request, handler), 10);
      assertEquals(CUT, Files.size(file));

      Request resumed = handler.adjustRequestRange(request);
      assertEquals("bytes=" + CUT + "-", resumed.getHeaders().get(HttpHeaderNames.RANGE));
      Response response = client.executeRequest(resumed, handler).get(10, TimeUnit.SECONDS);
      assertEquals(206, response.getStatusCode());
    }
    assertArrayEquals(BODY, Files.readAllBytes(file));
    assertEquals(2, server.received().size());
    assertNull(server.received().get(0).headers.get(HttpHeaderNames.RANGE));
    assertEquals("bytes=" + CUT + "-", server.received().get(1).headers.get(HttpHeaderNames.RANGE));
  }

  @Test
  void newHandlerResumesFromWhatTheFileAlreadyHolds() throws Exception {
    // As after a restart: the file holds the first CUT bytes, a new handler continues it.
    Path file = dir.resolve("download.bin");
    Files.write(file, java.util.Arrays.copyOf(BODY, CUT));
    ResumableAsyncHandler handler = handlerWritingTo(file);
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      Request resumed = handler.adjustRequestRange(client.prepareGet(server.url("/file")).build());
      assertEquals(206, client.executeRequest(resumed, handler).get(10, TimeUnit.SECONDS).getStatusCode());
    }
    assertArrayEquals(BODY, Files.readAllBytes(file));
    assertEquals(1, server.received().size());
  }

  @Test
  void ioExceptionFilterResumesACutDownloadByItself() throws Exception {
    Path file = dir.resolve("download.bin");
    ResumableAsyncHandler handler = handlerWritingTo(file);
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().addIOExceptionFilter(new ResumableIOExceptionFilter()))) {
      Response response = client.prepareGet(server.url("/file")).execute(handler).get(10, TimeUnit.SECONDS);
      assertEquals(206, response.getStatusCode());
    }
    assertArrayEquals(BODY, Files.readAllBytes(file));
    assertEquals(2, server.received().size());
    assertEquals("bytes=" + CUT + "-", server.received().get(1).headers.get(HttpHeaderNames.RANGE));
  }

  @Test
  void wholeBodyAnsweringAResumeFailsAndLeavesTheStoredPartAlone() throws Exception {
    // 3.0.11 appends the whole body after the part already stored: a corrupt file.
    Path file = dir.resolve("download.bin");
    ResumableAsyncHandler handler = handlerWritingTo(file);
    try (DefaultAsyncHttpClient client = ClientFixture.client(ClientFixture.config().setMaxRequestRetry(0))) {
      Request request = client.prepareGet(server.url("/ignores-range")).build();
      Await.failed(client.executeRequest(request, handler), 10);
      Request resumed = handler.adjustRequestRange(request);
      ExecutionException e =
          Await.failed(client.executeRequest(resumed, handler), 10);
      assertInstanceOf(IllegalStateException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("status 200"), e.getCause().getMessage());
    }
    assertArrayEquals(java.util.Arrays.copyOf(BODY, CUT), Files.readAllBytes(file));
  }
}
