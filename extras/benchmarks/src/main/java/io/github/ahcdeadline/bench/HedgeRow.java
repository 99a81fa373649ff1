package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the hedging benchmark: a client and the client options its child JVM gets as system
 * properties. One child main serves every row; a client that does not know an option (AHC 3.0.14
 * and hedging) ignores it.
 */
final class HedgeRow {
  private final String label;
  private final BenchClient client;
  // name=value pairs, each becoming -Dorg.asynchttpclient.name=value
  private final List<String> options;

  private HedgeRow(String label, BenchClient client, List<String> options) {
    this.label = label;
    this.client = client;
    this.options = options;
  }

  /** The row's name in the table. */
  String label() {
    return label;
  }

  /** The client whose classpath the child runs. */
  BenchClient client() {
    return client;
  }

  /** The client options, {@code name=value} each. */
  List<String> options() {
    return options;
  }

  /** A row with the client options {@code options} ({@code name=value} each). */
  static HedgeRow of(String label, BenchClient client, String... options) {
    for (String option : options) {
      if (option.indexOf('=') < 1) {
        throw new IllegalArgumentException("option: " + option + " (expected name=value)");
      }
    }
    return new HedgeRow(label, client, List.of(options));
  }

  /** The JVM options of the row's child: {@code -Dorg.asynchttpclient.name=value} per option. */
  List<String> jvmOptions() {
    List<String> jvm = new ArrayList<>();
    for (String option : options) {
      jvm.add("-D" + ChildJvm.CLIENT_OPTION_PREFIX + option);
    }
    return jvm;
  }

  /** True if the row turns hedging on (a hedge delay or percentile). */
  boolean hedges() {
    for (String option : options) {
      if (option.startsWith("hedgeDelay=") || option.startsWith("hedgePercentile=")) {
        return true;
      }
    }
    return false;
  }

  /** The heavy-tail rows; AHC 3.0.11 only when {@code withAhc3011}. */
  static List<HedgeRow> tailRows(boolean withAhc3011) {
    List<HedgeRow> rows = new ArrayList<>();
    rows.add(of(BenchClient.AHC_3_0_14.label() + " (has no hedging)", BenchClient.AHC_3_0_14));
    if (withAhc3011) {
      rows.add(of(BenchClient.AHC_3_0_11.label() + " (has no hedging)", BenchClient.AHC_3_0_11));
    }
    rows.add(of(NO_HEDGING, BenchClient.OURS));
    rows.add(of(OURS + ", hedgeDelay 10 ms", BenchClient.OURS, "hedgeDelay=PT0.01S"));
    rows.add(of(OURS + ", hedgePercentile 95 (floor 1 ms)", BenchClient.OURS,
        "hedgePercentile=95", "hedgeDelay=PT0.001S"));
    return rows;
  }

  /** The failing-server rows; AHC 3.0.11 only when {@code withAhc3011}. */
  static List<HedgeRow> flakyRows(boolean withAhc3011) {
    List<HedgeRow> rows = new ArrayList<>();
    rows.add(of(BenchClient.AHC_3_0_14.label() + " default", BenchClient.AHC_3_0_14));
    if (withAhc3011) {
      rows.add(of(BenchClient.AHC_3_0_11.label() + " default", BenchClient.AHC_3_0_11));
    }
    rows.add(of(OURS + " default (maxRequestRetry 5)", BenchClient.OURS));
    rows.add(of(OURS + ", retryBudgetPercent 20", BenchClient.OURS, "retryBudgetPercent=20"));
    return rows;
  }

  private static final String OURS = BenchClient.OURS.label();

  /** The label of the row every hedging row is compared with: the same client, hedging off. */
  static final String NO_HEDGING = OURS + ", no hedging";
}
