package org.asynchttpclient.handler.resumable;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.asynchttpclient.AsyncHandler.State;
import org.asynchttpclient.HandlerTestFixtures.BufferBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.Response;
import org.asynchttpclient.testing.CallRecorder;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class ResumableAsyncHandlerTest {
  private static final String URL = "http://h/file.bin";

  /** Records what the handler tells it; loads what the test put in {@link #saved}. */
  static class RecordingProcessor implements ResumableAsyncHandler.ResumableProcessor {
    final Map<String, Long> saved = new ConcurrentHashMap<>();
    final Map<String, Long> current = new ConcurrentHashMap<>();
    final List<String> removed = new CopyOnWriteArrayList<>();

    @Override
    public void put(String key, long transferredBytes) {
      current.put(key, transferredBytes);
    }

    @Override
    public void remove(String key) {
      removed.add(key);
      current.remove(key);
    }

    @Override
    public void save(Map<String, Long> map) {}

    @Override
    public Map<String, Long> load() {
      return saved;
    }
  }

  /** Keeps the bytes in memory; its length is what it holds. */
  static class MemoryListener implements ResumableListener {
    final StringBuilder bytes = new StringBuilder();
    boolean complete;

    @Override
    public void onBytesReceived(ByteBuffer byteBuffer) throws IOException {
      bytes.append(US_ASCII.decode(byteBuffer.duplicate()));
    }

    @Override
    public void onAllBytesReceived() {
      complete = true;
    }

    @Override
    public long length() {
      return bytes.length();
    }
  }

  static HttpResponseStatus status(int code) {
    return new HttpResponseStatus(Uri.create(URL)) {
      @Override
      public int getStatusCode() {
        return code;
      }

      @Override
      public String getStatusText() {
        return "";
      }

      @Override
      public String getProtocolName() {
        return "HTTP";
      }

      @Override
      public int getProtocolMajorVersion() {
        return 1;
      }

      @Override
      public int getProtocolMinorVersion() {
        return 1;
      }

      @Override
      public String getProtocolText() {
        return "HTTP/1.1";
      }

      @Override
      public java.net.SocketAddress getRemoteAddress() {
        return null;
      }

      @Override
      public java.net.SocketAddress getLocalAddress() {
        return null;
      }
    };
  }

  private static BufferBodyPart part(String text) {
    return new BufferBodyPart(Unpooled.wrappedBuffer(text.getBytes(US_ASCII)), false);
  }

  private static Request request() {
    return new RequestBuilder().setUrl(URL).build();
  }

  private static HttpHeaders headers(String... namesAndValues) {
    HttpHeaders h = new DefaultHttpHeaders();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      h.add(namesAndValues[i], namesAndValues[i + 1]);
    }
    return h;
  }

  @Test
  void countsStoresAndRecordsEachPartThenForgetsTheCompletedDownload() throws Exception {
    RecordingProcessor processor = new RecordingProcessor();
    MemoryListener listener = new MemoryListener();
    ResumableAsyncHandler handler = new ResumableAsyncHandler(processor, true).setResumableListener(listener);
    assertEquals(State.CONTINUE, handler.onStatusReceived(status(200)));
    assertEquals(State.CONTINUE, handler.onHeadersReceived(headers("Content-Length", "7")));
    assertEquals(State.CONTINUE, handler.onBodyPartReceived(part("abc")));
    assertEquals(3L, processor.current.get(URL));
    assertEquals(Map.of(URL, 3L), UnfinishedDownloads.INSTANCE.of(processor));
    handler.onBodyPartReceived(part("defg"));
    assertEquals(7L, processor.current.get(URL));

    Response response = handler.onCompleted();
    assertEquals(200, response.getStatusCode());
    assertEquals("abcdefg", response.getResponseBody());
    assertEquals("abcdefg", listener.bytes.toString());
    assertTrue(listener.complete);
    assertEquals(List.of(URL), processor.removed);
    assertTrue(UnfinishedDownloads.INSTANCE.of(processor).isEmpty());
  }

  @Test
  void otherStatusesAndAnUnknownLengthAbort() throws Exception {
    ResumableAsyncHandler handler = new ResumableAsyncHandler();
    assertEquals(State.ABORT, handler.onStatusReceived(status(404)));
    assertEquals(State.ABORT, handler.onStatusReceived(status(416)));
    assertEquals(State.CONTINUE, handler.onStatusReceived(status(206)));
    assertEquals(State.ABORT, handler.onHeadersReceived(headers("Content-Length", "-1")));
  }

  @Test
  void aListenerThatCannotStoreAbortsTheDownload() throws Exception {
    ResumableAsyncHandler handler =
        new ResumableAsyncHandler()
            .setResumableListener(
                new MemoryListener() {
                  @Override
                  public void onBytesReceived(ByteBuffer byteBuffer) throws IOException {
                    throw new IOException("disk full");
                  }
                });
    handler.onStatusReceived(status(200));
    assertEquals(State.ABORT, handler.onBodyPartReceived(part("abc")));
  }

  @Test
  void rangeComesFromTheSavedProgressOrTheListener() {
    RecordingProcessor processor = new RecordingProcessor();
    processor.saved.put(URL, 123L);
    ResumableAsyncHandler fromSaved = new ResumableAsyncHandler(processor);
    assertEquals("bytes=123-", fromSaved.adjustRequestRange(request()).getHeaders().get(HttpHeaderNames.RANGE));

    MemoryListener holding = new MemoryListener();
    holding.bytes.append("0123456789");
    ResumableAsyncHandler fromListener = new ResumableAsyncHandler(processor).setResumableListener(holding);
    assertEquals("bytes=10-", fromListener.adjustRequestRange(request()).getHeaders().get(HttpHeaderNames.RANGE));

    assertEquals("bytes=5-", new ResumableAsyncHandler(5).adjustRequestRange(request()).getHeaders().get(HttpHeaderNames.RANGE));
  }

  @Test
  void noRangeForNothingReceivedOrWhenTheRequestHasOne() {
    assertNull(new ResumableAsyncHandler().adjustRequestRange(request()).getHeaders().get(HttpHeaderNames.RANGE));
    Request own = new RequestBuilder().setUrl(URL).setHeader(HttpHeaderNames.RANGE, "bytes=0-9").build();
    assertEquals("bytes=0-9", new ResumableAsyncHandler(5).adjustRequestRange(own).getHeaders().get(HttpHeaderNames.RANGE));
  }

  @Test
  void wholeBodyAnsweringAResumeIsRefused() throws Exception {
    MemoryListener listener = new MemoryListener();
    ResumableAsyncHandler handler = new ResumableAsyncHandler(3).setResumableListener(listener);
    handler.adjustRequestRange(request());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> handler.onStatusReceived(status(200)));
    assertTrue(e.getMessage().contains("'Range: bytes=3-'"), e.getMessage());
    // a later, unresumed request may be answered with 200
    assertEquals(State.CONTINUE, handler.onStatusReceived(status(200)));
  }

  @Test
  void partialContentMustStartWhereAsked() throws Exception {
    ResumableAsyncHandler handler = new ResumableAsyncHandler(3);
    handler.adjustRequestRange(request());
    handler.onStatusReceived(status(206));
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> handler.onHeadersReceived(headers("Content-Range", "bytes 0-9/10", "Content-Length", "10")));
    assertTrue(e.getMessage().contains("starting at byte 3"), e.getMessage());

    ResumableAsyncHandler right = new ResumableAsyncHandler(3);
    right.adjustRequestRange(request());
    right.onStatusReceived(status(206));
    assertEquals(State.CONTINUE, right.onHeadersReceived(headers("Content-Range", "bytes 3-9/10")));
  }

  @Test
  void decoratedHandlerSeesTheCallbacks() throws Exception {
    CallRecorder<Response> decorated = new CallRecorder<>(State.ABORT, null);
    ResumableAsyncHandler decorating = new ResumableAsyncHandler(0, decorated);
    decorating.onStatusReceived(status(200));
    decorating.onHeadersReceived(headers());
    assertEquals(State.ABORT, decorating.onBodyPartReceived(part("x")));
    decorating.onThrowable(new IOException("x"));
    decorating.onCompleted();
    assertEquals(List.of("status", "headers", "body", "throwable:x", "completed"), decorated.calls);
  }

  @Test
  void theFilterResumesOnlyResumableHandlersAfterAnIoFailure() {
    ResumableIOExceptionFilter filter = new ResumableIOExceptionFilter();
    ResumableAsyncHandler handler = new ResumableAsyncHandler(42);
    org.asynchttpclient.filter.FilterContext<Response> failed =
        new org.asynchttpclient.filter.FilterContext.FilterContextBuilder<>(handler, request())
            .ioException(new IOException("cut"))
            .build();
    org.asynchttpclient.filter.FilterContext<Response> resumed = filter.filter(failed);
    assertTrue(resumed.replayRequest());
    assertEquals("bytes=42-", resumed.getRequest().getHeaders().get(HttpHeaderNames.RANGE));
    assertSame(handler, resumed.getAsyncHandler());

    org.asynchttpclient.filter.FilterContext<Response> noFailure =
        new org.asynchttpclient.filter.FilterContext.FilterContextBuilder<>(handler, request()).build();
    assertSame(noFailure, filter.filter(noFailure));
    org.asynchttpclient.filter.FilterContext<Response> otherHandler =
        new org.asynchttpclient.filter.FilterContext.FilterContextBuilder<Response>(
                new org.asynchttpclient.AsyncCompletionHandlerBase(), request())
            .ioException(new IOException("cut"))
            .build();
    assertSame(otherHandler, filter.filter(otherHandler));
  }
}
