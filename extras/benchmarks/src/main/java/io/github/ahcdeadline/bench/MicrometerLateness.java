package io.github.ahcdeadline.bench;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.extras.micrometer.AsyncHttpClientMetrics;

/**
 * Timeout lateness per timeout mode, as the Micrometer binder records it: bursts of requests to a
 * route that never answers, with a 20 ms request timeout, in timer mode and in event-loop mode,
 * each client reporting to a {@link SimpleMeterRegistry} through {@link AsyncHttpClientMetrics}.
 * Prints the {@value AsyncHttpClientMetrics#TIMEOUT_LATENESS} distribution of each mode beside the
 * lag the caller saw (from {@link ClientTimeoutRun}'s own clock), and draws the distributions from
 * the timers' histogram snapshots to an SVG.
 *
 * <p>Arguments: {@code --out FILE} (default: the repository's
 * docs/timeout-lateness-micrometer.svg), {@code --count N} requests per burst (default 2000),
 * {@code --bursts N} measured bursts per mode (default 2, after {@link
 * ClientTimeoutRun#DEFAULT_WARMUP_BURSTS} warm-up bursts whose samples are cleared from the
 * registry). Prints how long the run took; with {@code -Plateness} the build before it takes
 * longer.
 */
public final class MicrometerLateness {
  private static final long TIMEOUT_MS = 20;
  private static final long PAUSE_BETWEEN_BURSTS_MS = 200;
  private static final double[] PERCENTILES = {0.5, 0.9, 0.99, 0.999};

  private MicrometerLateness() {}

  public static void main(String[] args) throws Exception {
    Path out = BenchPaths.target().resolve("../../../docs/timeout-lateness-micrometer.svg");
    int count = 2000;
    int bursts = 2;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--out":
          out = Paths.get(args[i + 1]);
          break;
        case "--count":
          count = Integer.parseInt(args[i + 1]);
          break;
        case "--bursts":
          bursts = Integer.parseInt(args[i + 1]);
          break;
        default:
          throw new IllegalArgumentException(
              "argument: " + args[i] + " (expected --out, --count or --bursts)");
      }
    }
    long start = System.nanoTime();
    System.out.print(Machine.describe());
    String loadBefore = Machine.loadAverage();
    TextTable table = new TextTable("mode", "source", "p50", "p90", "p99", "p99.9", "max", "n");
    List<String> labels = new ArrayList<>();
    List<HistogramSnapshot> snapshots = new ArrayList<>();
    try (LoopbackServer server = LoopbackServer.start(Runtime.getRuntime().availableProcessors())) {
      for (ClientTimeoutRun.Mode mode : ClientTimeoutRun.Mode.values()) {
        String label = mode == ClientTimeoutRun.Mode.TIMER ? "timer" : "event-loop";
        System.err.println("lateness: " + label + " @ " + TIMEOUT_MS + " ms");
        Run run = run(server.url("/never"), mode, label, count, bursts);
        HistogramSnapshot snapshot = run.lateness.takeSnapshot();
        labels.add(label);
        snapshots.add(snapshot);
        table.row(cells(label, "Micrometer lateness", snapshot));
        LagStats heard = LagStats.of(run.heard.timeoutLagsNanos());
        table.row(
            label,
            "caller notified",
            LagStats.ms(heard.percentileMillis(50)),
            LagStats.ms(heard.percentileMillis(90)),
            LagStats.ms(heard.percentileMillis(99)),
            LagStats.ms(heard.percentileMillis(99.9)),
            LagStats.ms(heard.maxMillis()),
            Integer.toString(heard.count()));
      }
    }
    String loadAfter = Machine.loadAverage();
    LatenessCdfSvg svg =
        new LatenessCdfSvg(
            "Timeout lateness, "
                + TIMEOUT_MS
                + " ms request timeout, Micrometer "
                + AsyncHttpClientMetrics.TIMEOUT_LATENESS,
            bursts
                + " x "
                + count
                + " requests per mode to a route that never answers, "
                + Runtime.getRuntime().availableProcessors()
                + " CPUs shared with other work;",
            "load average " + loadBefore + " before the run, " + loadAfter + " after");
    for (int i = 0; i < labels.size(); i++) {
      svg.add(labels.get(i), snapshots.get(i));
    }
    System.out.println();
    System.out.println(
        "lateness = timeout fired - deadline (Micrometer); caller notified = onThrowable - (submit"
            + " + timeout); ms");
    System.out.print(table.render());
    svg.write(out);
    System.out.println("plot: " + out.toAbsolutePath().normalize());
    System.out.println(
        "run took " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s");
  }

  private static String[] cells(String label, String source, HistogramSnapshot s) {
    List<String> cells = new ArrayList<>();
    cells.add(label);
    cells.add(source);
    for (ValueAtPercentile p : s.percentileValues()) {
      cells.add(LagStats.ms(p.value(TimeUnit.MILLISECONDS)));
    }
    cells.add(LagStats.ms(s.max(TimeUnit.MILLISECONDS)));
    cells.add(Long.toString(s.count()));
    return cells.toArray(new String[0]);
  }

  /** What one mode produced: the binder's lateness timer and the lags the caller saw. */
  private static final class Run {
    final Timer lateness;
    final ClientTimeoutRun.Outcome heard;

    Run(Timer lateness, ClientTimeoutRun.Outcome heard) {
      this.lateness = lateness;
      this.heard = heard;
    }
  }

  private static Run run(
      String url, ClientTimeoutRun.Mode mode, String label, int count, int bursts)
      throws InterruptedException, IOException {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    registry.config().meterFilter(fineLatenessBuckets());
    AsyncHttpClientMetrics metrics =
        AsyncHttpClientMetrics.builder(registry).tags(Tags.of("timeout.mode", label)).build();
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setRequestTimeout(Duration.ofMillis(TIMEOUT_MS))
            .setMaxConnections(-1)
            .setMaxConnectionsPerHost(-1)
            .setConnectTimeout(Duration.ofSeconds(30))
            .setUseEventLoopTimeouts(mode == ClientTimeoutRun.Mode.EVENT_LOOP)
            .addExchangeListener(metrics);
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      for (int i = 0; i < ClientTimeoutRun.DEFAULT_WARMUP_BURSTS; i++) {
        ClientTimeoutRun.burst(client, url, count, TIMEOUT_MS, true);
        Thread.sleep(PAUSE_BETWEEN_BURSTS_MS);
      }
      // The binder registers its meters as timeouts fire: cleared, they start again from zero.
      registry.clear();
      List<ClientTimeoutRun.Outcome> measured = new ArrayList<>();
      for (int i = 0; i < bursts; i++) {
        measured.add(ClientTimeoutRun.burst(client, url, count, TIMEOUT_MS, true));
        Thread.sleep(PAUSE_BETWEEN_BURSTS_MS);
      }
      Timer lateness = registry.find(AsyncHttpClientMetrics.TIMEOUT_LATENESS).timer();
      if (lateness == null) {
        throw new IllegalStateException(
            "no " + AsyncHttpClientMetrics.TIMEOUT_LATENESS + " timer after the measured bursts");
      }
      return new Run(lateness, ClientTimeoutRun.Outcome.pooled(measured));
    }
  }

  /**
   * Gives the lateness timer fixed buckets, 20 per decade from 10 us to 10 s, so that even a
   * registry that publishes no percentile histogram (SimpleMeterRegistry) keeps the whole
   * distribution; percentiles to three digits; no expiry within a run. (Below 10 us, neighbouring
   * buckets would share one {@code le} tag, which the registry's bucket gauges print in seconds to
   * six decimals.)
   */
  static MeterFilter fineLatenessBuckets() {
    double[] bucketsNanos = new double[6 * 20 + 1];
    for (int i = 0; i < bucketsNanos.length; i++) {
      bucketsNanos[i] = Math.rint(10_000 * Math.pow(10, i / 20.0));
    }
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(
          Meter.Id id, DistributionStatisticConfig config) {
        if (!id.getName().equals(AsyncHttpClientMetrics.TIMEOUT_LATENESS)) {
          return config;
        }
        return DistributionStatisticConfig.builder()
            .serviceLevelObjectives(bucketsNanos)
            .percentiles(PERCENTILES)
            .percentilePrecision(3)
            .expiry(Duration.ofHours(1))
            .bufferLength(1)
            .build()
            .merge(config);
      }
    };
  }
}
