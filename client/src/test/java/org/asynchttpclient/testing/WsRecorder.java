package org.asynchttpclient.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.netty.ws.NettyWebSocket;
import org.asynchttpclient.ws.WebSocket;
import org.asynchttpclient.ws.WebSocketListener;
import org.asynchttpclient.ws.WebSocketUpgradeHandler;

/**
 * A WebSocket listener that writes every event as a line ({@code open}, {@code text:<payload>:<final>},
 * {@code binary:<length>:<final>}, {@code ping:<payload>}, {@code pong:<payload>}, {@code
 * error:<class>:<message>}, {@code close:<code>:<reason>}) to a queue, with the thread it ran on, so
 * tests can wait for the next event and assert the whole sequence.
 */
public final class WsRecorder implements WebSocketListener {
  private final BlockingQueue<String> pending = new LinkedBlockingQueue<>();
  private final List<String> all = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private volatile Throwable lastError;

  private void record(String event) {
    threads.add(Thread.currentThread());
    all.add(event);
    pending.add(event);
  }

  @Override
  public void onOpen(WebSocket websocket) {
    record("open");
  }

  @Override
  public void onClose(WebSocket websocket, int code, String reason) {
    record("close:" + code + ":" + reason);
  }

  @Override
  public void onError(Throwable t) {
    lastError = t;
    record("error:" + t.getClass().getSimpleName() + ":" + t.getMessage());
  }

  @Override
  public void onTextFrame(String payload, boolean finalFragment, int rsv) {
    record("text:" + payload + ":" + finalFragment);
  }

  @Override
  public void onBinaryFrame(byte[] payload, boolean finalFragment, int rsv) {
    record("binary:" + payload.length + ":" + finalFragment);
  }

  @Override
  public void onPingFrame(byte[] payload) {
    record("ping:" + new String(payload, StandardCharsets.UTF_8));
  }

  @Override
  public void onPongFrame(byte[] payload) {
    record("pong:" + new String(payload, StandardCharsets.UTF_8));
  }

  /** Upgrades a GET of {@code url} with this recorder as the only listener; waits for the socket. */
  public NettyWebSocket openOn(DefaultAsyncHttpClient client, String url) throws Exception {
    return client.prepareGet(url)
        .execute(new WebSocketUpgradeHandler.Builder().addWebSocketListener(this).build())
        .get(10, TimeUnit.SECONDS);
  }

  /** {@link #openOn}, then asserts that "open" is the first event heard. */
  public NettyWebSocket opened(DefaultAsyncHttpClient client, String url) throws Exception {
    NettyWebSocket ws = openOn(client, url);
    assertEquals("open", next());
    return ws;
  }

  /** The next event not yet taken, waiting up to {@code timeout}; null if none came. */
  public String next(Duration timeout) throws InterruptedException {
    return pending.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** The next event, which must come within 5 s. */
  public String next() throws InterruptedException {
    String event = next(Duration.ofSeconds(5));
    if (event == null) {
      throw new AssertionError("no WebSocket event within 5 s; so far: " + all);
    }
    return event;
  }

  /** Takes events until one starts with {@code prefix} (within 5 s each) and returns it. */
  public String nextStartingWith(String prefix) throws InterruptedException {
    for (int i = 0; i < 1000; i++) {
      String event = next();
      if (event.startsWith(prefix)) {
        return event;
      }
    }
    throw new AssertionError("no event starting with " + prefix + " in " + all);
  }

  /** Every event so far, in order. */
  public List<String> all() {
    return all;
  }

  /** The threads the events ran on, in order. */
  public List<Thread> threads() {
    return threads;
  }

  public Throwable lastError() {
    return lastError;
  }

  /** How many events so far start with {@code prefix}. */
  public long count(String prefix) {
    return all.stream().filter(e -> e.startsWith(prefix)).count();
  }
}
