package org.asynchttpclient.handler.resumable;

import static io.netty.handler.codec.http.HttpHeaderNames.CONTENT_LENGTH;
import static io.netty.handler.codec.http.HttpHeaderNames.CONTENT_RANGE;
import static io.netty.handler.codec.http.HttpHeaderNames.RANGE;

import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.Response;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Downloads a body that can be resumed: it counts the bytes received, hands them to a {@link
 * ResumableListener} (for example {@link ResumableRandomAccessFileListener}) and records the count in
 * a {@link ResumableProcessor} keyed by URL. When the connection fails, {@link
 * ResumableIOExceptionFilter} (or the caller, with {@link #adjustRequestRange}) sends the request
 * again with {@code Range: bytes=<received>-}, and the server's {@code 206} continues the body where
 * it stopped. After a JVM restart, a new handler whose processor {@link ResumableProcessor#load loads}
 * the saved counts, or whose listener already holds the bytes, resumes the same way.
 *
 * <pre>
 *   adjustRequestRange --&gt; request sent
 *     --200 or 206--&gt; RECEIVING --body parts--&gt; RECEIVING --onCompleted--&gt; DONE
 *     --other status--&gt; ABORT, then onCompleted: DONE with that status and no body
 *   RECEIVING --connection lost--&gt; ResumableIOExceptionFilter --&gt; adjustRequestRange --&gt; request sent
 * </pre>
 *
 * <p>Safer than 3.0.11 in three points: a resumed request that gets {@code 200} (the server ignored
 * the {@code Range}, so the whole body would follow and be appended to the stored part) or a {@code
 * 206} whose {@code Content-Range} starts elsewhere than asked fails the exchange with an {@link
 * IllegalStateException} instead of corrupting the stored body; the downloads saved when the JVM
 * exits are held only until they complete (3.0.11 held every processor ever used until exit); and the
 * saved counts a handler reads belong to it (3.0.11 shared one static map, which each new handler
 * replaced).
 *
 * <p>Threads: the {@code AsyncHandler} callbacks run one at a time, in order; {@link
 * #adjustRequestRange} and {@link #setResumableListener} may be called from any thread.
 */
public class ResumableAsyncHandler implements AsyncHandler<Response> {
  private static final Logger LOGGER = LoggerFactory.getLogger(ResumableAsyncHandler.class);

  // immutable
  private final ResumableProcessor resumableProcessor;
  private final @Nullable AsyncHandler<Response> decoratedAsyncHandler;
  private final boolean accumulateBody;
  private final Map<String, Long> resumableIndex;
  private final UnfinishedDownloads unfinished = UnfinishedDownloads.INSTANCE;

  // any thread
  private final AtomicLong byteTransferred;
  private volatile ResumableListener resumableListener = new CountingListener();
  /** The offset the last adjusted request asked for, -1 when it asked for none; read by the next response. */
  private volatile long requestedFrom = -1;

  // callbacks (one at a time)
  private String url = "";
  private UnfinishedDownloads.@Nullable Key download;
  private boolean partialContent;
  private final Response.ResponseBuilder responseBuilder = new Response.ResponseBuilder();

  private ResumableAsyncHandler(
      long byteTransferred,
      @Nullable ResumableProcessor resumableProcessor,
      @Nullable AsyncHandler<Response> decoratedAsyncHandler,
      boolean accumulateBody) {
    this.byteTransferred = new AtomicLong(byteTransferred);
    this.resumableProcessor = resumableProcessor != null ? resumableProcessor : new NoProcessor();
    this.resumableIndex = this.resumableProcessor.load();
    this.decoratedAsyncHandler = decoratedAsyncHandler;
    this.accumulateBody = accumulateBody;
  }

  /** A handler that resumes from {@code byteTransferred}, keeping no progress across restarts. */
  public ResumableAsyncHandler(long byteTransferred) {
    this(byteTransferred, null, null, false);
  }

  /**
   * A handler that keeps no progress across restarts; {@code accumulateBody}: whether {@link
   * #onCompleted} returns the body.
   */
  public ResumableAsyncHandler(boolean accumulateBody) {
    this(0, null, null, accumulateBody);
  }

  /** A handler that keeps no progress across restarts and returns a response without body. */
  public ResumableAsyncHandler() {
    this(0, null, null, false);
  }

  /**
   * A handler that passes the callbacks to {@code decoratedAsyncHandler} and records its progress
   * in a {@link PropertiesBasedResumableProcessor}.
   */
  public ResumableAsyncHandler(AsyncHandler<Response> decoratedAsyncHandler) {
    this(0, new PropertiesBasedResumableProcessor(), decoratedAsyncHandler, false);
  }

  /** As {@link #ResumableAsyncHandler(AsyncHandler)}, resuming from {@code byteTransferred}. */
  public ResumableAsyncHandler(long byteTransferred, AsyncHandler<Response> decoratedAsyncHandler) {
    this(byteTransferred, new PropertiesBasedResumableProcessor(), decoratedAsyncHandler, false);
  }

  /** A handler that records its progress in {@code resumableProcessor}. */
  public ResumableAsyncHandler(ResumableProcessor resumableProcessor) {
    this(0, resumableProcessor, null, false);
  }

  /**
   * As {@link #ResumableAsyncHandler(ResumableProcessor)}; {@code accumulateBody}: whether {@link
   * #onCompleted} returns the body.
   */
  public ResumableAsyncHandler(ResumableProcessor resumableProcessor, boolean accumulateBody) {
    this(0, resumableProcessor, null, accumulateBody);
  }

  /**
   * Accepts {@code 200} and {@code 206} and aborts on any other status. A {@code 200} to a request
   * {@link #adjustRequestRange} asked to resume fails the exchange: the body would start again from
   * its first byte.
   */
  @Override
  public State onStatusReceived(HttpResponseStatus status) throws Exception {
    responseBuilder.accumulate(status);
    int code = status.getStatusCode();
    if (code != 200 && code != 206) {
      requestedFrom = -1;
      return State.ABORT;
    }
    url = status.getUri().toUrl();
    long from = requestedFrom;
    if (code == 200 && from > 0) {
      requestedFrom = -1;
      throw new IllegalStateException(
          url + ": status 200 (the whole body) to 'Range: bytes=" + from + "-' (expected 206 with the"
              + " rest); the " + from + " bytes already received are kept and nothing was added to them");
    }
    partialContent = code == 206;
    download = resumableProcessor instanceof NoProcessor ? null : new UnfinishedDownloads.Key(resumableProcessor, url);
    return decoratedAsyncHandler != null ? decoratedAsyncHandler.onStatusReceived(status) : State.CONTINUE;
  }

  /**
   * Aborts on {@code Content-Length: -1}, as 3.0.11 does, and fails the exchange when a resumed
   * response's {@code Content-Range} does not start at the offset asked for.
   */
  @Override
  public State onHeadersReceived(HttpHeaders headers) throws Exception {
    responseBuilder.accumulate(headers);
    long from = requestedFrom;
    requestedFrom = -1;
    if ("-1".equals(headers.get(CONTENT_LENGTH))) {
      return State.ABORT;
    }
    if (partialContent && from > 0) {
      long first = firstBytePosition(headers.get(CONTENT_RANGE));
      if (first != from) {
        throw new IllegalStateException(
            url + ": Content-Range '" + headers.get(CONTENT_RANGE) + "' (expected one starting at byte " + from
                + " as asked); the " + from + " bytes already received are kept and nothing was added to them");
      }
    }
    return decoratedAsyncHandler != null ? decoratedAsyncHandler.onHeadersReceived(headers) : State.CONTINUE;
  }

  /** The first byte position of a {@code bytes first-last/length} range, or -1. */
  private static long firstBytePosition(@Nullable String contentRange) {
    if (contentRange == null || !contentRange.regionMatches(true, 0, "bytes ", 0, 6)) {
      return -1;
    }
    int dash = contentRange.indexOf('-', 6);
    try {
      return dash < 0 ? -1 : Long.parseLong(contentRange.substring(6, dash).trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Hands the part to the listener (an {@link IOException} from it aborts the download, as in
   * 3.0.11), then to the decorated handler, and records the new count.
   */
  @Override
  public State onBodyPartReceived(HttpResponseBodyPart bodyPart) throws Exception {
    if (accumulateBody) {
      responseBuilder.accumulate(bodyPart);
    }
    try {
      resumableListener.onBytesReceived(bodyPart.getBodyByteBuffer());
    } catch (IOException e) {
      LOGGER.warn("{}: cannot store the received bytes; aborting the download", url, e);
      return State.ABORT;
    }
    State state = decoratedAsyncHandler != null ? decoratedAsyncHandler.onBodyPartReceived(bodyPart) : State.CONTINUE;
    long bytes = byteTransferred.addAndGet(bodyPart.length());
    resumableProcessor.put(url, bytes);
    UnfinishedDownloads.Key key = download;
    if (key != null) {
      unfinished.progress(key, bytes);
    }
    return state;
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders headers) {
    responseBuilder.accumulate(headers);
    return State.CONTINUE;
  }

  @Override
  public void onThrowable(Throwable t) {
    if (decoratedAsyncHandler != null) {
      decoratedAsyncHandler.onThrowable(t);
    } else {
      LOGGER.debug("Download of {} failed", url, t);
    }
  }

  /** Forgets the download's progress, tells the listener the body is complete and returns the response. */
  @Override
  public @Nullable Response onCompleted() throws Exception {
    resumableProcessor.remove(url);
    UnfinishedDownloads.Key key = download;
    if (key != null) {
      unfinished.finished(key);
    }
    resumableListener.onAllBytesReceived();
    if (decoratedAsyncHandler != null) {
      decoratedAsyncHandler.onCompleted();
    }
    return responseBuilder.build();
  }

  /**
   * {@code request} with {@code Range: bytes=<n>-}, where n is the count of bytes already received:
   * the count the processor loaded for the request's URL, replaced by the listener's length when that
   * is positive and differs. The request is returned unchanged (rebuilt) when it already has a {@code
   * Range} header or n is 0.
   */
  public Request adjustRequestRange(Request request) {
    Long saved = resumableIndex.get(request.getUrl());
    if (saved != null) {
      byteTransferred.set(saved);
    }
    long stored = resumableListener.length();
    if (stored > 0 && byteTransferred.get() != stored) {
      byteTransferred.set(stored);
    }
    RequestBuilder builder = request.toBuilder();
    long from = byteTransferred.get();
    if (request.getHeaders().get(RANGE) == null && from != 0) {
      builder.setHeader(RANGE, "bytes=" + from + '-');
      requestedFrom = from;
    }
    return builder.build();
  }

  /** Sets where the body goes; by default it is only counted. */
  public ResumableAsyncHandler setResumableListener(ResumableListener resumableListener) {
    this.resumableListener = resumableListener;
    return this;
  }

  /** Keeps a handler's download progress, for example across JVM restarts. */
  public interface ResumableProcessor {

    /**
     * Records that {@code transferredBytes} bytes of the download at {@code key} have been received.
     *
     * @param key the download's URL
     * @param transferredBytes the count so far
     */
    void put(String key, long transferredBytes);

    /**
     * Forgets the download at {@code key}: it completed.
     *
     * @param key the download's URL
     */
    void remove(String key);

    /**
     * Saves the progress of the downloads still unfinished; called when the JVM exits.
     *
     * @param map URL to bytes received, for the downloads of this processor that have not completed
     */
    void save(Map<String, Long> map);

    /**
     * Reads the saved progress; called when a handler is created.
     *
     * @return URL to bytes received
     */
    Map<String, Long> load();
  }

  /** Keeps nothing: the processor of a handler given none. */
  private static final class NoProcessor implements ResumableProcessor {
    @Override
    public void put(String key, long transferredBytes) {}

    @Override
    public void remove(String key) {}

    @Override
    public void save(Map<String, Long> map) {}

    @Override
    public Map<String, Long> load() {
      return new HashMap<>();
    }
  }

  /** Stores nothing, counts the bytes: the listener of a handler given none. */
  private static final class CountingListener implements ResumableListener {
    // written by the callbacks, read by adjustRequestRange on any thread
    private final AtomicLong length = new AtomicLong();

    @Override
    public void onBytesReceived(ByteBuffer byteBuffer) {
      length.addAndGet(byteBuffer.remaining());
    }

    @Override
    public void onAllBytesReceived() {}

    @Override
    public long length() {
      return length.get();
    }
  }
}
