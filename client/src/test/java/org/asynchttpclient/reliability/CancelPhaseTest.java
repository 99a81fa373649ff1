package org.asynchttpclient.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.net.ssl.SSLSession;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.ListenableFuture;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.exchange.Attempt;
import org.asynchttpclient.netty.exchange.Exchange;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.FullBacklog;
import org.asynchttpclient.testing.NeverResolver;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.RecordingHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cancels an exchange in each phase it can be in: resolving, connecting, TLS handshake, writing
 * the body, waiting for the response, reading the body. After {@code cancel}: the future is
 * cancelled, the handler heard exactly one {@code onThrowable} and nothing after it, the channel
 * (if any) is closed (the server sees it go; a connect in progress is abandoned), no request
 * timeout stays armed, and the permit is back: the client runs with {@code maxConnections=1} and
 * the next request still gets a connection. Each phase runs in both timeout modes.
 */
class CancelPhaseTest {
  private final List<AutoCloseable> closeables = new ArrayList<>();
  private final List<Channel> clientChannels = new CopyOnWriteArrayList<>();
  private final Semaphore opened = new Semaphore(0);
  private DefaultAsyncHttpClient client;
  private RawServer good;

  private void startClient(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts, b -> {});
  }

  private void startClient(
      boolean eventLoopTimeouts, java.util.function.Consumer<DefaultAsyncHttpClientConfig.Builder> extra)
      throws Exception {
    good = RawServer.answering("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    closeables.add(good);
    DefaultAsyncHttpClientConfig.Builder config =
            ClientFixture.faultConfig()
                .setUseEventLoopTimeouts(eventLoopTimeouts)
                .setMaxConnections(1)
                .setMaxConnectionsPerHost(1)
                .setKeepAlive(false)
                .setConnectTimeout(Duration.ofSeconds(4))
                .setHandshakeTimeout(4000)
                .setRequestTimeout(Duration.ofSeconds(10))
                .setReadTimeout(Duration.ofSeconds(10))
                .setUseInsecureTrustManager(true)
                .setHttpAdditionalChannelInitializer(
                    ch -> {
                      clientChannels.add(ch);
                      opened.release();
                    });
    extra.accept(config);
    client = new DefaultAsyncHttpClient(config.build());
  }

  @AfterEach
  void stop() throws Exception {
    if (client != null) {
      client.close();
    }
    for (AutoCloseable c : closeables) {
      c.close();
    }
  }

  /** A handler that also opens latches when the exchange reaches a phase. */
  private static final class PhaseHandler extends RecordingHandler {
    final CountDownLatch connecting = new CountDownLatch(1);
    final CountDownLatch handshaking = new CountDownLatch(1);
    final CountDownLatch bodyPart = new CountDownLatch(1);

    @Override
    public void onTcpConnectAttempt(InetSocketAddress remoteAddress) {
      connecting.countDown();
    }

    @Override
    public void onTlsHandshakeAttempt() {
      handshaking.countDown();
    }

    @Override
    public void onTcpConnectFailure(InetSocketAddress remoteAddress, Throwable cause) {
      lateHook("onTcpConnectFailure");
    }

    @Override
    public void onTlsHandshakeFailure(Throwable cause) {
      lateHook("onTlsHandshakeFailure");
    }

    @Override
    public void onTlsHandshakeSuccess(SSLSession sslSession) {
      lateHook("onTlsHandshakeSuccess");
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart part) {
      State s = super.onBodyPartReceived(part);
      bodyPart.countDown();
      return s;
    }

    final List<String> hooksAfterEnd = new CopyOnWriteArrayList<>();

    private void lateHook(String name) {
      if (terminals() > 0) {
        hooksAfterEnd.add(name);
      }
    }
  }

  /** Cancels, then checks everything the cancel must have done. */
  private void cancelAndCheck(
      String phase, ListenableFuture<Response> f, PhaseHandler handler, RawServer server)
      throws Exception {
    assertFalse(f.isDone(), phase + ": ended before the cancel");
    assertTrue(f.cancel(true), phase + ": cancel lost");
    int callbacksAtCancel = handler.callbacks();
    assertTrue(f.isCancelled(), phase);
    assertTrue(f.isDone(), phase);
    assertEquals(1, handler.terminals(), phase + ": terminal callbacks");
    assertInstanceOf(CancellationException.class, handler.failure(), phase);
    Exchange<?> ex = (Exchange<?>) f;
    Attempt last = ex.current();
    assertTrue(last != null, phase + ": no attempt started");
    assertFalse(last.timeouts().request().isArmed(), phase + ": request timeout still armed");
    assertFalse(last.timeouts().read().isArmed(), phase + ": read timeout still armed");
    assertEquals(null, last.carrier(), phase + ": the attempt still holds its channel");
    for (Channel ch : clientChannels) {
      assertTrue(
          ch.closeFuture().await(1000), phase + ": client channel " + ch + " still open after cancel");
    }
    if (server != null) {
      // A server that stopped reading cannot notice a close: let it read again, then watch. It
      // also writes a byte, again every 200 ms while the connection stays open (10 s at most): a
      // reset the kernel ignored, or a FIN queued behind data the server never read, can leave a
      // reading server waiting, while data sent to a socket the client closed is answered with a
      // reset. A client that kept the connection just gets the bytes, and the check still fails.
      for (Channel accepted : server.acceptedChannels()) {
        accepted.config().setAutoRead(true);
      }
      List<String> writeFailures = new CopyOnWriteArrayList<>();
      AtomicInteger writesDone = new AtomicInteger();
      int open = server.acceptedChannels().size();
      for (int round = 0; round < 50 && open > 0; round++) {
        for (Channel accepted : server.acceptedChannels()) {
          if (accepted.isActive()) {
            accepted
                .writeAndFlush(Unpooled.wrappedBuffer(new byte[] {'x'}))
                .addListener(
                    w -> {
                      writesDone.incrementAndGet();
                      if (!w.isSuccess()) {
                        writeFailures.add(String.valueOf(w.cause()));
                      }
                    });
          }
        }
        open = server.awaitOpenAtMost(0, Duration.ofMillis(200));
      }
      int stillOpen = open;
      assertEquals(0, stillOpen, () -> phase + ": the server still sees the connection (accepted "
          + server.acceptedChannels().size() + ", reading " + server.acceptedChannels().stream()
              .map(c -> c.config().isAutoRead()).collect(Collectors.toList()) + ", "
          + writesDone.get() + " server writes done, failures " + writeFailures + ")");
    }
    // The only permit is back: the next request gets a connection.
    assertEquals(
        200, client.prepareGet(good.url("/next")).execute().get(5, TimeUnit.SECONDS).getStatusCode(), phase);
    assertEquals(1, handler.terminals(), phase + ": terminal callbacks");
    assertEquals(callbacksAtCancel, handler.callbacks(), phase + ": callbacks after the cancel");
    assertEquals(List.of(), handler.hooksAfterEnd, phase + ": lifecycle hooks after the end");
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileResolving(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    NeverResolver never = new NeverResolver();
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f =
        client.prepareGet("http://never-resolves.invalid/").setNameResolver(never).execute(handler);
    assertTrue(never.asked(), "the resolver was asked");
    assertEquals(0, clientChannels.size(), "no channel was opened");
    cancelAndCheck("resolving", f, handler, null);
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileConnecting(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    FullBacklog full = FullBacklog.open();
    closeables.add(full);
    Assumptions.assumeTrue(full.hanging(), "this kernel completes connects past a full backlog");
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f =
        client.prepareGet("http://127.0.0.1:" + full.port() + "/").execute(handler);
    assertTrue(handler.connecting.await(5, TimeUnit.SECONDS));
    assertTrue(opened.tryAcquire(5, TimeUnit.SECONDS), "the connecting channel exists");
    cancelAndCheck("connecting", f, handler, null);
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void duringTheTlsHandshake(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    RawServer silent = RawServer.silent();
    closeables.add(silent);
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f =
        client.prepareGet("https://127.0.0.1:" + silent.port() + "/").execute(handler);
    assertTrue(handler.handshaking.await(5, TimeUnit.SECONDS));
    assertTrue(silent.awaitAccepted(1, Duration.ofMillis(5000)), "the server accepted the connection");
    cancelAndCheck("TLS handshake", f, handler, silent);
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileWritingABodyTheServerDoesNotRead(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    RawServer deaf = RawServer.silent().readNothing();
    closeables.add(deaf);
    EndlessStream body = new EndlessStream(1L << 30);
    PhaseHandler handler = new PhaseHandler();
    BoundRequestBuilder post = client.preparePost(deaf.url("/upload")).setBody(body);
    ListenableFuture<Response> f = post.execute(handler);
    assertTrue(body.produced.await(5, TimeUnit.SECONDS), "the body started to flow");
    // The client can be writing before the server has set the connection up; cancelAndCheck
    // turns reading back on for the connections accepted by then, so wait for this one.
    assertTrue(deaf.awaitAccepted(1, Duration.ofMillis(5000)), "the server accepted the connection");
    cancelAndCheck("writing", f, handler, deaf);
    assertTrue(body.read.get() < body.size, "the body was not written to the end");
    assertTrue(body.closed.await(2, TimeUnit.SECONDS), "the body's stream was closed");
  }

  /**
   * An upload cancelled while the peer has stopped reading resets the connection: an orderly close
   * would queue the FIN behind bytes the peer never reads, and it would never see the end.
   */
  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void aCancelledUploadResetsAConnectionThePeerStoppedReading(boolean eventLoopTimeouts)
      throws Exception {
    // A small send buffer, so the kernel stops taking the body soon.
    startClient(eventLoopTimeouts, b -> b.setSoSndBuf(16 * 1024));
    ServerSocket deaf = new ServerSocket();
    closeables.add(deaf);
    deaf.setReceiveBufferSize(4096);
    deaf.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    deaf.setSoTimeout(5000);
    EndlessStream body = new EndlessStream(1L << 30);
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f =
        client.preparePost("http://127.0.0.1:" + deaf.getLocalPort() + "/upload").setBody(body).execute(handler);
    Socket accepted = deaf.accept();
    closeables.add(accepted);
    assertTrue(body.produced.await(5, TimeUnit.SECONDS), "the body started to flow");
    // Wait until the client is stuck: its channel turns unwritable once the socket buffers fill.
    Channel ch = clientChannels.get(0);
    for (int i = 0; i < 100 && ch.isWritable(); i++) {
      body.awaitRead(body.read.get() + 1, 100);
    }
    assertFalse(ch.isWritable(), "the peer's refusal to read reached the client");
    assertTrue(f.cancel(true));
    accepted.setSoTimeout(5000);
    java.io.InputStream in = accepted.getInputStream();
    byte[] buf = new byte[64 * 1024];
    long readBack = 0;
    Throwable end = null;
    try {
      for (int n; (n = in.read(buf)) >= 0 && readBack < (1L << 30); ) {
        readBack += n;
      }
    } catch (IOException e) {
      end = e;
    }
    assertInstanceOf(
        java.net.SocketException.class,
        end,
        "the peer read " + readBack + " bytes then an orderly end instead of a reset");
    // No byte count check: the request head and chunk framing travel too, and when the socket buffers
    // were drained just before the reset the peer legitimately reads all the body produced so far.
  }

  /**
   * An upload to a server that reads as fast as it can keeps its channel writable, so the body
   * streams on the event loop without pause: the cancel must still stop it at once, not when the
   * last byte is out.
   */
  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileUploadingToAFastReader(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    RawServer sink = RawServer.silent();
    closeables.add(sink);
    EndlessStream body = new EndlessStream(1L << 32);
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f = client.preparePost(sink.url("/upload")).setBody(body).execute(handler);
    assertTrue(body.awaitRead(4L * 1024 * 1024, 10_000), "the body is flowing: " + body.read.get());
    cancelAndCheck("uploading", f, handler, sink);
    assertTrue(body.closed.await(2, TimeUnit.SECONDS), "the body's stream was closed");
    long atClose = body.read.get();
    assertTrue(atClose < body.size / 4, "read " + atClose + " bytes of the body");
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileWaitingForTheResponse(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    CountDownLatch received = new CountDownLatch(1);
    RawServer mute = RawServer.withResponder((ch, head) -> received.countDown());
    closeables.add(mute);
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f = client.prepareGet(mute.url("/wait")).execute(handler);
    assertTrue(received.await(5, TimeUnit.SECONDS));
    cancelAndCheck("waiting", f, handler, mute);
  }

  @ParameterizedTest(name = "eventLoopTimeouts={0}")
  @ValueSource(booleans = {false, true})
  void whileReadingTheBody(boolean eventLoopTimeouts) throws Exception {
    startClient(eventLoopTimeouts);
    RawServer staller =
        RawServer.answering("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst part");
    closeables.add(staller);
    PhaseHandler handler = new PhaseHandler();
    ListenableFuture<Response> f = client.prepareGet(staller.url("/stall")).execute(handler);
    assertTrue(handler.bodyPart.await(5, TimeUnit.SECONDS));
    cancelAndCheck("reading", f, handler, staller);
    assertEquals(200, handler.status());
  }

  /** {@code size} zero bytes, produced on demand; records how much was read and whether closed. */
  private static final class EndlessStream extends InputStream {
    final long size;
    final AtomicLong read = new AtomicLong();
    final CountDownLatch produced = new CountDownLatch(1);
    final CountDownLatch closed = new CountDownLatch(1);

    EndlessStream(long size) {
      this.size = size;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : 0;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      long left = size - read.get();
      if (left <= 0) {
        return -1;
      }
      int n = (int) Math.min(len, left);
      java.util.Arrays.fill(b, off, off + n, (byte) 0);
      if (read.addAndGet(n) > 0) {
        produced.countDown();
      }
      synchronized (this) {
        notifyAll();
      }
      return n;
    }

    /** Waits up to {@code millis} until at least {@code bytes} were read; says whether they were. */
    synchronized boolean awaitRead(long bytes, long millis) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
      while (read.get() < bytes) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        wait(left);
      }
      return true;
    }

    @Override
    public void close() throws IOException {
      closed.countDown();
    }
  }
}
