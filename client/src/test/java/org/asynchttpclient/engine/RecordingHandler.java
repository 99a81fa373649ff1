package org.asynchttpclient.engine;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLSession;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.netty.request.NettyRequest;
import org.jetbrains.annotations.Nullable;

/**
 * An {@link AsyncHandler} that records every callback by name (with a short detail), copies the
 * body bytes inside the callback, and may answer ABORT at a chosen step. {@link #onCompleted}
 * returns {@code "completed:" + status}, so a test can tell its value from any other.
 */
class RecordingHandler implements AsyncHandler<String> {
  enum AbortAt {
    NEVER,
    STATUS,
    HEADERS,
    BODY,
    TRAILERS
  }

  final List<String> events = new CopyOnWriteArrayList<>();
  final List<String> partClasses = new CopyOnWriteArrayList<>();
  final ByteArrayOutputStream body = new ByteArrayOutputStream();
  final CountDownLatch terminal = new CountDownLatch(1);
  final CountDownLatch firstPart = new CountDownLatch(1);
  private final AbortAt abortAt;
  volatile int status;
  volatile @Nullable HttpHeaders headers;
  volatile @Nullable HttpHeaders trailers;
  volatile @Nullable Throwable failure;
  volatile @Nullable Channel channel;

  RecordingHandler() {
    this(AbortAt.NEVER);
  }

  RecordingHandler(AbortAt abortAt) {
    this.abortAt = abortAt;
  }

  /** The event names, without details. */
  List<String> names() {
    List<String> out = new CopyOnWriteArrayList<>();
    for (String e : events) {
      int colon = e.indexOf(':');
      out.add(colon < 0 ? e : e.substring(0, colon));
    }
    return out;
  }

  synchronized byte[] bodyBytes() {
    return body.toByteArray();
  }

  @Override
  public State onStatusReceived(HttpResponseStatus responseStatus) {
    events.add("status:" + responseStatus.getStatusCode());
    status = responseStatus.getStatusCode();
    return abortAt == AbortAt.STATUS ? State.ABORT : State.CONTINUE;
  }

  @Override
  public State onHeadersReceived(HttpHeaders h) {
    events.add("headers");
    headers = h;
    return abortAt == AbortAt.HEADERS ? State.ABORT : State.CONTINUE;
  }

  @Override
  public State onBodyPartReceived(HttpResponseBodyPart part) {
    events.add("part:" + part.length());
    partClasses.add(part.getClass().getSimpleName());
    byte[] bytes = part.getBodyPartBytes();
    synchronized (this) {
      body.write(bytes, 0, bytes.length);
    }
    firstPart.countDown();
    return abortAt == AbortAt.BODY ? State.ABORT : State.CONTINUE;
  }

  @Override
  public State onTrailingHeadersReceived(HttpHeaders h) {
    events.add("trailers");
    trailers = h;
    return abortAt == AbortAt.TRAILERS ? State.ABORT : State.CONTINUE;
  }

  @Override
  public void onThrowable(Throwable t) {
    events.add("throwable:" + t);
    failure = t;
    terminal.countDown();
  }

  @Override
  public String onCompleted() {
    events.add("completed");
    terminal.countDown();
    return "completed:" + status;
  }

  @Override
  public void onHostnameResolutionAttempt(String name) {
    events.add("resolveAttempt:" + name);
  }

  @Override
  public void onHostnameResolutionSuccess(String name, List<InetSocketAddress> addresses) {
    events.add("resolveSuccess:" + name + addresses);
  }

  @Override
  public void onHostnameResolutionFailure(String name, Throwable cause) {
    events.add("resolveFailure:" + name);
  }

  @Override
  public void onTcpConnectAttempt(InetSocketAddress remoteAddress) {
    events.add("connectAttempt:" + remoteAddress);
  }

  @Override
  public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {
    events.add("connectSuccess:" + remoteAddress);
    channel = connection;
  }

  @Override
  public void onTcpConnectFailure(InetSocketAddress remoteAddress, Throwable cause) {
    events.add("connectFailure:" + remoteAddress);
  }

  @Override
  public void onTlsHandshakeAttempt() {
    events.add("tlsAttempt");
  }

  @Override
  public void onTlsHandshakeSuccess(SSLSession sslSession) {
    events.add("tlsSuccess:" + sslSession.getProtocol());
  }

  @Override
  public void onTlsHandshakeFailure(Throwable cause) {
    events.add("tlsFailure");
  }

  @Override
  public void onConnectionPoolAttempt() {
    events.add("poolAttempt");
  }

  @Override
  public void onConnectionPooled(Channel connection) {
    events.add("pooled");
    channel = connection;
  }

  @Override
  public void onConnectionOffer(Channel connection) {
    events.add("offer");
  }

  @Override
  public void onRequestSend(NettyRequest request) {
    events.add("send");
  }

  @Override
  public void onRetry() {
    events.add("retry");
  }
}
