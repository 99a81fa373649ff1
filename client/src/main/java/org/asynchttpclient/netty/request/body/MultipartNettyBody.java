package org.asynchttpclient.netty.request.body;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelProgressivePromise;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.request.body.multipart.InputStreamPart;
import org.asynchttpclient.request.body.multipart.MultipartBody;
import org.asynchttpclient.request.body.multipart.MultipartUtils;
import org.asynchttpclient.request.body.multipart.Part;
import org.jetbrains.annotations.Nullable;

/**
 * A {@code multipart/form-data} body. The first {@link MultipartBody} is built with the request, which fixes the
 * boundary and so the {@code Content-Type}; a replay builds a new body over the same parts and the same boundary, so
 * the head stays right. Replayable unless a part is an {@link InputStreamPart}.
 *
 * <p>Without TLS and unless zero copy is disabled, a body of known length is pulled by the transport as a file
 * region; otherwise it goes through the chunked writer.
 */
public final class MultipartNettyBody implements NettyBody {
  private final List<Part> parts;
  private final AsyncHttpClientConfig config;
  private final String contentType;
  private final byte[] boundary;
  private final long contentLength;
  private final boolean replayable;
  // The body built with the request, until a write takes it or release() closes it; any thread.
  private final AtomicReference<@Nullable MultipartBody> unusedBody;
  private final AtomicBoolean written = new AtomicBoolean();

  public MultipartNettyBody(List<Part> parts, HttpHeaders requestHeaders, AsyncHttpClientConfig config) {
    this.parts = List.copyOf(parts);
    this.config = config;
    MultipartBody first = MultipartUtils.newMultipartBody(this.parts, requestHeaders);
    this.contentType = first.getContentType();
    this.boundary = first.getBoundary();
    this.contentLength = first.getContentLength() < 0 ? -1 : first.getContentLength();
    this.unusedBody = new AtomicReference<>(first);
    boolean allReplayable = true;
    for (Part part : this.parts) {
      if (part instanceof InputStreamPart) {
        allReplayable = false;
      }
    }
    this.replayable = allReplayable;
  }

  /** The {@code multipart/form-data; boundary=...} value the head must carry. */
  public String getContentType() {
    return contentType;
  }

  @Override
  public long getContentLength() {
    return contentLength;
  }

  @Override
  public ChannelFuture write(Channel channel, ChannelProgressivePromise promise) {
    if (written.getAndSet(true) && !replayable) {
      return channel.newFailedFuture(new IllegalStateException(
          "multipart request body with an InputStreamPart was already written (expected a replayable body)"));
    }
    MultipartBody body = unusedBody.getAndSet(null);
    if (body == null) {
      try {
        body = new MultipartBody(MultipartUtils.generateMultipartParts(parts, boundary), contentType, boundary);
      } catch (RuntimeException e) {
        return channel.newFailedFuture(e);
      }
    }
    if (contentLength >= 0 && BodyWrites.canUseFileRegion(channel, config)) {
      return BodyWrites.writeThenEnd(channel, new RandomAccessBodyRegion(body), promise);
    }
    return channel.writeAndFlush(new BodyChunkedInput(channel, body, config.getChunkedFileChunkSize()), promise);
  }

  @Override
  public boolean isReplayable() {
    return replayable;
  }

  @Override
  public void release() {
    MultipartBody body = unusedBody.getAndSet(null);
    if (body != null) {
      try {
        body.close();
      } catch (RuntimeException ignored) {
        // Never written; closing only frees file handles and has nobody to report a failure to.
      }
    }
  }
}
