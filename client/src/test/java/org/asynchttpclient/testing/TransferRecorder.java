package org.asynchttpclient.testing;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.asynchttpclient.handler.TransferListener;

/**
 * A {@link TransferListener} that records each event as a short string, in order: the test says how
 * the request headers, the response headers and the received bytes are to be written down (what
 * it checks of them); the rest is {@code sent:<amount>/<current>/<total>}, {@code completed} and
 * {@code throwable:<message>}.
 */
public class TransferRecorder implements TransferListener {
  /** The events heard, in order. */
  public final List<String> events = new CopyOnWriteArrayList<>();

  private final Function<HttpHeaders, String> requestHeaders;
  private final Function<HttpHeaders, String> responseHeaders;
  private final Function<byte[], String> received;

  public TransferRecorder(
      Function<HttpHeaders, String> requestHeaders,
      Function<HttpHeaders, String> responseHeaders,
      Function<byte[], String> received) {
    this.requestHeaders = requestHeaders;
    this.responseHeaders = responseHeaders;
    this.received = received;
  }

  @Override
  public void onRequestHeadersSent(HttpHeaders headers) {
    events.add(requestHeaders.apply(headers));
  }

  @Override
  public void onResponseHeadersReceived(HttpHeaders headers) {
    events.add(responseHeaders.apply(headers));
  }

  @Override
  public void onBytesReceived(byte[] bytes) {
    events.add(received.apply(bytes));
  }

  @Override
  public void onBytesSent(long amount, long current, long total) {
    events.add("sent:" + amount + "/" + current + "/" + total);
  }

  @Override
  public void onRequestResponseCompleted() {
    events.add("completed");
  }

  @Override
  public void onThrowable(Throwable t) {
    events.add("throwable:" + t.getMessage());
  }
}
