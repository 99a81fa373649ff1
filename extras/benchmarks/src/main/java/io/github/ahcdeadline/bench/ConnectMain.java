package io.github.ahcdeadline.bench;

import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.asynchttpclient.AsyncCompletionHandler;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Response;

/**
 * Child-JVM entry point of the connect benchmarks, for an AsyncHttpClient API client (ahc-deadline
 * or AHC 3.0.11, whichever is on the classpath). The host is a name that a per-request resolver
 * answers with the given loopback addresses, on the server's port.
 *
 * <ul>
 *   <li>{@code ttfb PORT IPS DELAY_MS SAMPLES}: time to the first byte (the response status) of
 *       {@code GET /small}, each sample the first request of a new client (so no pooled
 *       connection and no cooldown memory helps); prints {@code RESULT applied=B
 *       millis=m1,m2,...};
 *   <li>{@code newconn PORT IPS DELAY_MS IN_FLIGHT WARMUP_MS MEASURE_MS}: keep-alive off, so
 *       every request opens a connection; prints the {@link Meter.Window#resultLine} line (CPU and
 *       heap bytes per request tell whether the race costs anything where it cannot happen).
 * </ul>
 *
 * IPS: comma-separated; DELAY_MS: {@code connectionAttemptDelay}, set only where the client has
 * the option ({@code applied=false} otherwise).
 */
public final class ConnectMain {
  private ConnectMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 5) {
      throw new IllegalArgumentException(
          "arguments: " + Arrays.toString(args) + " (expected ttfb|newconn PORT IPS DELAY_MS ...)");
    }
    int port = Integer.parseInt(args[1]);
    List<InetAddress> ips = new ArrayList<>();
    for (String ip : args[2].split(",")) {
      ips.add(InetAddress.getByName(ip));
    }
    long delay = Long.parseLong(args[3]);
    String url = "http://bench-host.test:" + port + "/small";
    if (args[0].equals("ttfb")) {
      ttfb(url, ips, delay, Integer.parseInt(args[4]));
    } else {
      newConnections(
          url, ips, delay, Integer.parseInt(args[4]), Long.parseLong(args[5]), Long.parseLong(args[6]));
    }
  }

  private static DefaultAsyncHttpClientConfig.Builder config(long delayMillis, StringBuilder applied) {
    DefaultAsyncHttpClientConfig.Builder b = new DefaultAsyncHttpClientConfig.Builder();
    boolean set =
        delayMillis == 0
            || ClientFlags.set(b, ClientFlags.CONNECTION_ATTEMPT_DELAY, Duration.ofMillis(delayMillis));
    applied.append(set);
    return b;
  }

  private static void ttfb(String url, List<InetAddress> ips, long delay, int samples)
      throws Exception {
    StringBuilder applied = new StringBuilder();
    DefaultAsyncHttpClientConfig config = config(delay, applied).build();
    List<String> millis = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      try (AsyncHttpClient client = Dsl.asyncHttpClient(config)) {
        CompletableFuture<Long> firstByte = new CompletableFuture<>();
        long start = System.nanoTime();
        Future<Response> response =
            client
                .prepareGet(url)
                .setNameResolver(new FixedResolver(ips))
                .execute(
                    new AsyncCompletionHandler<Response>() {
                      @Override
                      public AsyncHandler.State onStatusReceived(HttpResponseStatus status)
                          throws Exception {
                        firstByte.complete(System.nanoTime());
                        return super.onStatusReceived(status);
                      }

                      @Override
                      public Response onCompleted(Response r) {
                        return r;
                      }
                    });
        response.get(60, TimeUnit.SECONDS);
        millis.add(Long.toString(TimeUnit.NANOSECONDS.toMillis(firstByte.get() - start)));
      }
    }
    System.out.println("RESULT applied=" + applied + " millis=" + String.join(",", millis));
  }

  private static void newConnections(
      String url, List<InetAddress> ips, long delay, int inFlight, long warmup, long measure)
      throws Exception {
    StringBuilder applied = new StringBuilder();
    DefaultAsyncHttpClientConfig config = config(delay, applied).setKeepAlive(false).build();
    FixedResolver resolver = new FixedResolver(ips);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(config)) {
      ClosedLoop loop = new ClosedLoop(done -> get(client, url, resolver, done), inFlight);
      loop.start();
      Meter.Window window = Meter.measure(loop::completed, warmup, measure);
      loop.stop(30_000);
      System.out.println(window.resultLine(loop.errors(), loop.firstError()) + " applied=" + applied);
    }
  }

  private static void get(
      AsyncHttpClient client, String url, FixedResolver resolver, Consumer<Throwable> done) {
    Future<Response> unused =
        client
            .prepareGet(url)
            .setNameResolver(resolver)
            .execute(
                new AsyncCompletionHandler<Response>() {
                  @Override
                  public Response onCompleted(Response response) {
                    done.accept(
                        response.getStatusCode() == 200
                            ? null
                            : new IllegalStateException("HTTP " + response.getStatusCode()));
                    return response;
                  }

                  @Override
                  public void onThrowable(Throwable t) {
                    done.accept(t);
                  }
                });
  }

  /** Answers every name with the same addresses, in order, at once. */
  private static final class FixedResolver extends InetNameResolver {
    private final List<InetAddress> addresses;

    FixedResolver(List<InetAddress> addresses) {
      super(ImmediateEventExecutor.INSTANCE);
      this.addresses = addresses;
    }

    @Override
    protected void doResolve(String host, Promise<InetAddress> promise) {
      promise.setSuccess(addresses.get(0));
    }

    @Override
    protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
      promise.setSuccess(new ArrayList<>(addresses));
    }
  }
}
