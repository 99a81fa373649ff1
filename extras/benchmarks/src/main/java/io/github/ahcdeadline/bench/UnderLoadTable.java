package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The table of the timeout-precision-under-load run: one row per client and deadline, rows grouped
 * by deadline in the order they were added, then what the columns mean, the p99 of every client
 * per deadline in one line, and a note for anything that makes a row mean less than it says (a
 * load that missed its rate, requests on the wrong kind of connection, dropped slots). Not
 * thread-safe: build and render it on one thread.
 */
final class UnderLoadTable {
  /** Below this share of its rate, the load gets a note: the row was not measured at that load. */
  private static final double LOAD_RATE_SHORTFALL = 0.95;

  private static final String[] HEADER = {
    "client", "transport", "deadline", "load req/s", "pooled reused/sent", "new connected/sent", "timeouts",
    "p50", "p99", "max", "p99 pooled", "p99 new", "probe p99/max", "GC max", "other"
  };

  /** A row: a result, or a client that produced none at that deadline. */
  private static final class Entry {
    final String client;
    final long deadlineMillis;
    final UnderLoadResult result;
    final String missing;

    Entry(String client, long deadlineMillis, UnderLoadResult result, String missing) {
      this.client = client;
      this.deadlineMillis = deadlineMillis;
      this.result = result;
      this.missing = missing;
    }
  }

  // immutable
  private final long loadRate;

  // one thread
  private final List<Entry> entries = new ArrayList<>();
  private final List<String> childNotes = new ArrayList<>();

  /** A table for a load paced to {@code loadRate} requests per second. */
  UnderLoadTable(long loadRate) {
    this.loadRate = loadRate;
  }

  /** Adds a client's result at one deadline. */
  UnderLoadTable add(UnderLoadResult result) {
    entries.add(new Entry(result.client(), result.deadlineMillis(), result, ""));
    return this;
  }

  /**
   * Adds a row for a client that has no result at {@code deadlineMillis}, saying why in a word or
   * two ({@code failed}, {@code skipped}); the reason at length belongs in a {@link #note}.
   */
  UnderLoadTable addMissing(String client, long deadlineMillis, String why) {
    entries.add(new Entry(client, deadlineMillis, null, why));
    return this;
  }

  /** Adds a note printed under the table (a child's NOTE, a failure's message). */
  UnderLoadTable note(String text) {
    childNotes.add(text);
    return this;
  }

  /** Table, legend, the p99 summary and notes, each line ending in a newline. */
  String render() {
    List<Entry> rows = new ArrayList<>(entries);
    // stable: within a deadline, the order the clients ran in
    rows.sort(Comparator.comparingLong(e -> e.deadlineMillis));
    TextTable table = new TextTable(HEADER);
    List<String> notes = new ArrayList<>();
    for (Entry e : rows) {
      String deadline = e.deadlineMillis + " ms";
      if (e.result == null) {
        table.row(
            e.client, "-", deadline, e.missing, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
            "-");
        continue;
      }
      UnderLoadResult r = e.result;
      table.row(
          e.client,
          r.transportCell(),
          deadline,
          String.format(Locale.ROOT, "%.0f", r.loadRate()),
          r.count("pooledReused") + "/" + r.count("pooledSent"),
          r.count("newConnected") + "/" + r.count("newSent"),
          Long.toString(r.count("timeouts")),
          LagStats.ms(r.all().percentileMillis(50)),
          LagStats.ms(r.all().percentileMillis(99)),
          LagStats.ms(r.all().maxMillis()),
          LagStats.ms(r.pooled().percentileMillis(99)),
          LagStats.ms(r.fresh().percentileMillis(99)),
          r.probeCell(),
          r.gcCell(),
          Long.toString(r.count("others")));
      notes.addAll(notesOn(e.client + " @ " + deadline, r));
    }
    StringBuilder out = new StringBuilder(table.render());
    out.append("  lag = when onThrowable ran - (submit + request timeout), ms; p50/p99/max over")
        .append(" both halves\n")
        .append("  transport: what the client ran on, from its first connection's channel\n")
        .append("  event-loop: setUseEventLoopTimeouts(true) (ahc-deadline and AHC 3.0.14): the")
        .append(" timeout is armed on the connection's event loop, late by what the loop and the")
        .append(" machine add; the other rows run the client's defaults, a HashedWheelTimer with a")
        .append(" 100 ms tick, so a timeout is heard up to one tick late\n")
        .append("  pooled reused/sent: requests sent on a primed pooled connection, of which the")
        .append(" client reported (onConnectionPooled) running on one; new connected/sent: sent on")
        .append(" a partition of their own, of which the client opened a connection")
        .append(" (onTcpConnectAttempt)\n")
        .append("  probe p99/max: a plain thread of the same client JVM, parked ")
        .append(WakeupProbe.PARK_MILLIS)
        .append(" ms at a time over the same window, woke this late (ms): the floor that the")
        .append(" machine under this load, GC and safepoints leave to any timer\n")
        .append("  GC max: the window's longest stop-the-world collection in that JVM (ms, from the")
        .append(" collectors' notifications): a timeout due during it waits for it, while the probe")
        .append(" sees it only if one of its wake-ups falls inside\n");
    for (String line : p99Summary(rows)) {
      out.append("  ").append(line).append('\n');
    }
    for (String n : notes) {
      out.append("  NOTE ").append(n).append('\n');
    }
    for (String n : childNotes) {
      out.append("  NOTE ").append(n).append('\n');
    }
    return out.toString();
  }

  /**
   * One line per deadline, {@code p99 lag at 20 ms: A 0.4, B 95.0 (ms)}, the clients in table
   * order: the column a reader compares first, without the rest of the table in the way.
   */
  private static List<String> p99Summary(List<Entry> rows) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = null;
    long deadline = -1;
    for (Entry e : rows) {
      if (e.result == null || e.result.all().count() == 0) {
        continue;
      }
      if (line == null || e.deadlineMillis != deadline) {
        if (line != null) {
          lines.add(line.append(" (ms)").toString());
        }
        deadline = e.deadlineMillis;
        line = new StringBuilder("p99 lag at ").append(deadline).append(" ms: ");
      } else {
        line.append(", ");
      }
      line.append(e.client).append(' ').append(LagStats.ms(e.result.all().percentileMillis(99)));
    }
    if (line != null) {
      lines.add(line.append(" (ms)").toString());
    }
    return lines;
  }

  /** Whatever makes this row mean less than the table says. */
  private List<String> notesOn(String what, UnderLoadResult r) {
    List<String> notes = new ArrayList<>();
    if (r.loadRate() < LOAD_RATE_SHORTFALL * loadRate) {
      notes.add(String.format(Locale.ROOT, "%s: the load reached %.0f of %d requests/s", what,
          r.loadRate(), loadRate));
    }
    if (r.count("loadErrors") > 0) {
      notes.add(what + ": " + r.count("loadErrors") + " load requests failed");
    }
    if (r.count("pooledReused") < r.count("pooledSent")
        || r.count("newConnected") < r.count("newSent")) {
      notes.add(what + ": not every timeout request ran on its half's kind of connection");
    }
    if (r.count("dropped") > 0 || r.count("waitedPooled") > 0 || r.count("primerFailures") > 0) {
      notes.add(what + ": pacer dropped " + r.count("dropped") + " slots; "
          + r.count("waitedPooled") + " pooled requests waited for a primed connection; "
          + r.count("primerFailures") + " primers failed");
    }
    if (r.count("others") > 0) {
      notes.add(what + ": " + r.count("others") + " ended another way, first: " + r.firstOther());
    }
    if (r.count("unended") > 0) {
      notes.add(what + ": " + r.count("unended") + " had not ended "
          + LoadedTimeoutRun.STRAGGLER_WAIT_MILLIS / 1000 + " s after their deadline");
    }
    if (!r.modeApplied()) {
      notes.add(what + ": this client has no setUseEventLoopTimeouts; it ran in timer mode");
    }
    return notes;
  }
}
