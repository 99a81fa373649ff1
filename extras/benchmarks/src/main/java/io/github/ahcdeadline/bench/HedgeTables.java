package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders the two tables of the hedging benchmark from the rows' outcomes; pure, so tests can
 * check the layout without running anything.
 */
final class HedgeTables {
  private HedgeTables() {}

  /** A row and what came of it: a result, or the reason there is none. */
  static final class Outcome {
    private final HedgeRow row;
    // null when the row did not run or its child failed; then problem says why
    private final HedgeResult result;
    private final String problem;

    private Outcome(HedgeRow row, HedgeResult result, String problem) {
      this.row = row;
      this.result = result;
      this.problem = problem;
    }

    static Outcome measured(HedgeRow row, HedgeResult result) {
      return new Outcome(row, result, "");
    }

    static Outcome failed(HedgeRow row, String problem) {
      return new Outcome(row, null, problem);
    }

    HedgeRow row() {
      return row;
    }

    HedgeResult result() {
      return result;
    }

    String problem() {
      return problem;
    }

    boolean ok() {
      return result != null;
    }
  }

  /**
   * The heavy-tail table: latency percentiles, server requests per exchange and failures per row,
   * then the p99 and p99.9 ratios of the no-hedging row to each hedging row, and the notes.
   */
  static String tail(List<Outcome> outcomes) {
    TextTable table =
        new TextTable("client", "p50 ms", "p99 ms", "p99.9 ms", "requests/exchange", "failed",
            "exchanges", "window s");
    List<String> notes = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (!o.ok()) {
        table.row(o.row().label(), "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a");
        notes.add(o.row().label() + ": " + o.problem());
        continue;
      }
      HedgeResult r = o.result();
      table.row(o.row().label(), LatencySummary.millis(r.latency().p50Micros()),
          LatencySummary.millis(r.latency().p99Micros()),
          LatencySummary.millis(r.latency().p999Micros()), ratio(r.serverRequestsPerExchange()),
          Long.toString(r.failed()), Long.toString(r.exchanges()), seconds(r.seconds()));
      addFailures(notes, o);
    }
    StringBuilder out = new StringBuilder(table.render());
    HedgeResult baseline = find(outcomes, HedgeRow.NO_HEDGING);
    for (Outcome o : outcomes) {
      if (!o.ok() || baseline == null || !o.row().hedges()) {
        continue;
      }
      HedgeResult r = o.result();
      out.append(String.format(Locale.ROOT,
          "  %s: p99 without/with hedging %s, p99.9 without/with %s%n", o.row().label(),
          times(baseline.latency().p99Micros(), r.latency().p99Micros()),
          times(baseline.latency().p999Micros(), r.latency().p999Micros())));
    }
    appendNotes(out, notes);
    return out.toString();
  }

  /**
   * The failing-server table: attempts per exchange as the server counted them and as the client
   * announced them, successes and failures per row, then the notes (failures by kind).
   */
  static String flaky(List<Outcome> outcomes) {
    TextTable table =
        new TextTable("client", "attempts/exchange", "client retries/exchange", "succeeded",
            "failed", "resets", "exchanges", "window s");
    List<String> notes = new ArrayList<>();
    for (Outcome o : outcomes) {
      if (!o.ok()) {
        table.row(o.row().label(), "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a");
        notes.add(o.row().label() + ": " + o.problem());
        continue;
      }
      HedgeResult r = o.result();
      table.row(o.row().label(), ratio(r.serverRequestsPerExchange()),
          ratio(r.clientRetriesPerExchange()), Long.toString(r.succeeded()),
          Long.toString(r.failed()), Long.toString(r.serverResets()),
          Long.toString(r.exchanges()), seconds(r.seconds()));
      addFailures(notes, o);
      budgetNote(notes, o);
    }
    StringBuilder out = new StringBuilder(table.render());
    appendNotes(out, notes);
    return out.toString();
  }

  /** Retries a second the retry budget allows whatever the exchange count (its floor). */
  static final int RETRY_BUDGET_FLOOR_PER_SECOND = 10;

  /**
   * For a row with a retry budget: what the percentage allows beside what the floor allows over
   * the row's window, so a reader sees whether the floor could have mattered.
   */
  private static void budgetNote(List<String> notes, Outcome o) {
    for (String option : o.row().options()) {
      if (option.startsWith("retryBudgetPercent=")) {
        int percent = Integer.parseInt(option.substring(option.indexOf('=') + 1));
        HedgeResult r = o.result();
        long fromPercent = r.exchanges() * percent / 100;
        long fromFloor = Math.round(RETRY_BUDGET_FLOOR_PER_SECOND * r.seconds());
        notes.add(String.format(Locale.ROOT,
            "%s: the budget allows about %d retries (%d%% of %d exchanges) plus the floor's %d"
                + " (%d/s over %.1f s)", o.row().label(), fromPercent, percent, r.exchanges(),
            fromFloor, RETRY_BUDGET_FLOOR_PER_SECOND, r.seconds()));
      }
    }
  }

  private static void addFailures(List<String> notes, Outcome o) {
    if (!o.result().failures().equals("none")) {
      notes.add(o.row().label() + " failures: " + o.result().failures().replace(",", ", "));
    }
  }

  private static void appendNotes(StringBuilder out, List<String> notes) {
    for (String note : notes) {
      out.append("  ").append(note).append('\n');
    }
  }

  private static HedgeResult find(List<Outcome> outcomes, String label) {
    for (Outcome o : outcomes) {
      if (o.ok() && o.row().label().equals(label)) {
        return o.result();
      }
    }
    return null;
  }

  /** {@code without / with} as "12.3x", or "n/a" when {@code with} is 0. */
  static String times(long without, long with) {
    return with <= 0 ? "n/a" : String.format(Locale.ROOT, "%.1fx", (double) without / with);
  }

  private static String ratio(double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.3f", value);
  }

  private static String seconds(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
