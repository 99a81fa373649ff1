package org.asynchttpclient.timeouts;

import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.Response;

/** Records where and how an exchange ended, and the channels it used. */
class RecordingHandler extends AsyncCompletionHandlerBase {
  final CompletableFuture<Thread> failedOn = new CompletableFuture<>();
  final CompletableFuture<Throwable> failure = new CompletableFuture<>();
  final CompletableFuture<Channel> connected = new CompletableFuture<>();
  final CompletableFuture<Channel> pooled = new CompletableFuture<>();
  final CountDownLatch offered = new CountDownLatch(1);
  final AtomicInteger terminal = new AtomicInteger();

  @Override
  public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel channel) {
    connected.complete(channel);
  }

  @Override
  public void onConnectionPooled(Channel channel) {
    pooled.complete(channel);
  }

  @Override
  public void onConnectionOffer(Channel channel) {
    offered.countDown();
  }

  @Override
  public void onThrowable(Throwable t) {
    terminal.incrementAndGet();
    failure.complete(t);
    failedOn.complete(Thread.currentThread());
  }

  @Override
  public Response onCompleted(Response response) throws Exception {
    terminal.incrementAndGet();
    return super.onCompleted(response);
  }
}
