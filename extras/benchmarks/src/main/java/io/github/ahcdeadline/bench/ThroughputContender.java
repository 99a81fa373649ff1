package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jetbrains.annotations.Nullable;

/**
 * One row of Compare's throughput table: a client, how to start its child JVM, and what its rounds
 * measured. Used by the runner's thread only.
 */
final class ThroughputContender {
  final String label;
  // null: the row cannot run here, and failure says why
  final String classpath;
  final Class<?> main;
  final String[] args;
  // the label of the row whose rate and CPU the ratios divide by (the AHC 3.0.14 row of the same
  // mode and transport); this row's own label for that row
  final String referenceLabel;
  // the label of the second reference (the AHC 3.0.11 row of the same transport), null for none
  final @Nullable String secondReferenceLabel;
  final List<Double> rates = new ArrayList<>();
  final List<Double> bytesPerRequest = new ArrayList<>();
  final List<Double> cpuMicrosPerRequest = new ArrayList<>();
  // over the child's whole run, warm-up included: the server cannot see the measured window
  final List<Double> serverCpuMicrosPerRequest = new ArrayList<>();
  final List<Double> connections = new ArrayList<>();
  final List<Double> jitMillis = new ArrayList<>();
  // rate / the reference's rate in the same round, for rounds where both ran
  final List<Double> pairedRatios = new ArrayList<>();
  // per round, in the order of SyscallCounter.COLUMNS (NaN where perf had no figure)
  final List<double[]> syscallsPerRequest = new ArrayList<>();
  // what the child reported it ran on, per distinct answer ("" for drivers that do not say)
  final Set<String> transportsUsed = new LinkedHashSet<>();
  String syscallProblem = "";
  String failure = "";

  ThroughputContender(
      String label,
      String classpath,
      String referenceLabel,
      @Nullable String secondReferenceLabel,
      Class<?> main,
      String... args) {
    this.label = label;
    this.classpath = classpath;
    this.referenceLabel = referenceLabel;
    this.secondReferenceLabel = secondReferenceLabel;
    this.main = main;
    this.args = args;
  }

  /** The transport column: what the child said it ran on, or {@code fixed} for drivers that do not. */
  String transportCell(String fixed) {
    transportsUsed.remove("");
    return transportsUsed.isEmpty() ? fixed : String.join("/", transportsUsed);
  }

  /** The syscall columns' cells: the median over rounds of each, n/a where no round had one. */
  List<String> syscallCells() {
    List<String> cells = new ArrayList<>();
    for (int column = 0; column < SyscallCounter.COLUMNS.size(); column++) {
      List<Double> values = new ArrayList<>();
      for (double[] round : syscallsPerRequest) {
        if (!Double.isNaN(round[column])) {
          values.add(round[column]);
        }
      }
      cells.add(values.isEmpty() ? "n/a" : format("%.2f", median(values)));
    }
    return cells;
  }

  static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
