package org.asynchttpclient.extras.interop;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.asynchttpclient.Dsl.config;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/**
 * Several independent clients, each with its own connection pool (so each pooled connection idles
 * exactly as long as its client waits), sharing one event-loop group to spare a small machine
 * threads. Default settings but for trusting the tests' certificate, a 10 s request timeout and
 * the recorder.
 */
final class Clients implements AutoCloseable {
  // immutable
  private final EventLoopGroup loops;
  final List<AsyncHttpClient> clients = new ArrayList<>();

  Clients(int count, ExchangeRecorder recorder) {
    loops =
        new MultiThreadIoEventLoopGroup(
            2, new DefaultThreadFactory("interop-clients", true), NioIoHandler.newFactory());
    for (int i = 0; i < count; i++) {
      clients.add(asyncHttpClient(defaults(recorder).setEventLoopGroup(loops)));
    }
  }

  /** The settings every scenario's client starts from. */
  static DefaultAsyncHttpClientConfig.Builder defaults(ExchangeRecorder recorder) {
    return config()
        .setUseInsecureTrustManager(true)
        .setRequestTimeout(Duration.ofSeconds(10))
        .addExchangeListener(recorder);
  }

  @Override
  public void close() throws Exception {
    for (AsyncHttpClient client : clients) {
      client.close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }
}
