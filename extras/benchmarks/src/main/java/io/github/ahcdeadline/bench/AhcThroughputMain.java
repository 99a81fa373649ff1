package io.github.ahcdeadline.bench;

import io.netty.channel.Channel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

/**
 * Child-JVM entry point of the throughput benchmark for an AsyncHttpClient API client (ahc-deadline
 * or a released AsyncHttpClient, whichever is on the classpath): keep-alive GETs with a fixed number in flight.
 *
 * <p>Usage: {@code AhcThroughputMain URL IN_FLIGHT WARMUP_MS MEASURE_MS timer|eventloop [RATE
 * [TRANSPORT]]}, RATE requests per second (0 or absent: as fast as completions allow, see {@link
 * ClosedLoop}), TRANSPORT {@code nio}, {@code epoll}, {@code io_uring} or {@code default} (absent:
 * default), set as {@link BenchTransport} says. Prints {@code MODE_APPLIED B}, {@code WINDOW_START}
 * (see {@link Meter#measure}), {@code CHANNEL <class of the first connection's channel>} and then
 * the {@link Meter.Window#resultLine} line.
 */
public final class AhcThroughputMain {
  private AhcThroughputMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length < 5 || args.length > 7) {
      throw new IllegalArgumentException(
          "arguments: " + args.length
              + " (expected URL IN_FLIGHT WARMUP_MS MEASURE_MS MODE [RATE [TRANSPORT]])");
    }
    String url = args[0];
    int inFlight = Integer.parseInt(args[1]);
    long warmup = Long.parseLong(args[2]);
    long measure = Long.parseLong(args[3]);
    ClientTimeoutRun.Mode mode = ClientTimeoutRun.Mode.parse(args[4]);
    long rate = args.length >= 6 ? Long.parseLong(args[5]) : 0;
    BenchTransport transport =
        args.length == 7 ? BenchTransport.parse(args[6]) : BenchTransport.DEFAULT;
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setKeepAlive(true)
            // the HTTP/2 loopback server's certificate is self-signed (Compare --h2)
            .setUseInsecureTrustManager(url.startsWith("https:"));
    transport.apply(builder);
    boolean applied =
        mode != ClientTimeoutRun.Mode.EVENT_LOOP
            || ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true);
    System.out.println("MODE_APPLIED " + applied);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      ClosedLoop loop = new ClosedLoop(done -> get(client, url, done), inFlight, rate);
      loop.start();
      Meter.Window window = Meter.measure(loop::completed, warmup, measure);
      loop.stop(30_000);
      System.out.println("CHANNEL " + FirstChannel.className());
      System.out.println(window.resultLine(loop.errors(), loop.firstError()));
    }
  }

  /** One checked GET of {@code /small}; also the load of {@link LoadedTimeoutRun}. */
  static void get(AsyncHttpClient client, String url, Consumer<Throwable> done) {
    // The handler reports the outcome; the future adds nothing.
    Future<Response> unused =
        client
        .prepareGet(url)
        .execute(
            new AsyncCompletionHandler<Response>() {
              @Override
              public Response onCompleted(Response response) {
                int length = response.getResponseBodyAsBytes().length;
                if (response.getStatusCode() != 200 || length != LoopbackServer.SMALL_BODY_LENGTH) {
                  done.accept(
                      new IllegalStateException(
                          "response: HTTP " + response.getStatusCode() + ", " + length
                              + " bytes (expected HTTP 200, " + LoopbackServer.SMALL_BODY_LENGTH
                              + " bytes)"));
                } else {
                  done.accept(null);
                }
                return response;
              }

              @Override
              public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {
                FirstChannel.record(connection);
              }

              @Override
              public void onThrowable(Throwable t) {
                done.accept(t);
              }
            });
  }
}
