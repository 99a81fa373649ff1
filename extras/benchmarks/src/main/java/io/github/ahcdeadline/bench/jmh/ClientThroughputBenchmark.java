package io.github.ahcdeadline.bench.jmh;

import io.github.ahcdeadline.bench.ClientFlags;
import io.github.ahcdeadline.bench.LoopbackServer;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ahc-deadline's keep-alive GET throughput in one JVM (server included), per timeout mode: each
 * operation sends {@value #BATCH} GETs at once and waits for all of them. Run with {@code -prof gc}
 * for allocation per request (divide {@code gc.alloc.rate.norm} by nothing: it is already per
 * operation, i.e. per request, thanks to {@link OperationsPerInvocation}).
 *
 * <p>Cross-client comparisons need separate JVMs: see {@code Compare}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ClientThroughputBenchmark {
  static final int BATCH = 32;

  @Param({"timer", "eventloop"})
  public String mode;

  private LoopbackServer server;
  private AsyncHttpClient client;
  private String url;

  @Setup(Level.Trial)
  public void start() throws InterruptedException {
    server = LoopbackServer.start(1);
    url = server.url("/small");
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder().setKeepAlive(true);
    if ("eventloop".equals(mode)
        && !ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true)) {
      throw new IllegalStateException("this build has no setUseEventLoopTimeouts");
    }
    client = Dsl.asyncHttpClient(builder.build());
  }

  @TearDown(Level.Trial)
  public void stop() throws IOException {
    client.close();
    server.close();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int batchOfGets() {
    @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation is not allowed
    CompletableFuture<Response>[] futures = new CompletableFuture[BATCH];
    for (int i = 0; i < BATCH; i++) {
      futures[i] = client.prepareGet(url).execute().toCompletableFuture();
    }
    int bytes = 0;
    for (CompletableFuture<Response> future : futures) {
      bytes += future.join().getResponseBodyAsBytes().length;
    }
    return bytes;
  }
}
