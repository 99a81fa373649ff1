package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the timeout requests of one measured window came to, per half: how many were sent, how
 * many ran on the kind of connection their half asked for, how many timed out and how late the
 * caller heard of each, and how many ended another way. Built once every probe has ended (or was
 * given up on); JDK and driver classes only.
 */
final class TimeoutTally {
  /** Prefix of the lag lines: {@code LAG <deadline ms> <P|N> <lateness ns>}. */
  static final String LAG_LINE = "LAG";

  /** The counts and lags of one half. */
  private static final class HalfTally {
    int sent;
    int intended;
    final List<Long> lags = new ArrayList<>();
  }

  // immutable after construction
  private final Map<TimeoutPlan.Half, HalfTally> halves = new EnumMap<>(TimeoutPlan.Half.class);
  private final int others;
  private final int unended;
  private final String firstOther;

  private TimeoutTally(List<TimeoutProbe> probes) {
    for (TimeoutPlan.Half half : TimeoutPlan.Half.values()) {
      halves.put(half, new HalfTally());
    }
    int otherCount = 0;
    int pending = 0;
    String first = "";
    for (TimeoutProbe p : probes) {
      HalfTally h = halves.get(p.half());
      h.sent++;
      if (p.onIntendedConnection()) {
        h.intended++;
      }
      switch (p.outcome()) {
        case TIMEOUT:
          h.lags.add(p.latenessNanos());
          break;
        case OTHER:
          otherCount++;
          if (first.isEmpty()) {
            first = p.description();
          }
          break;
        default:
          pending++;
          break;
      }
    }
    this.others = otherCount;
    this.unended = pending;
    this.firstOther = first;
  }

  /** The tally of {@code probes}, read after each ended or was given up on. */
  static TimeoutTally of(List<TimeoutProbe> probes) {
    return new TimeoutTally(probes);
  }

  /** Requests of {@code half} sent in the window. */
  int sent(TimeoutPlan.Half half) {
    return halves.get(half).sent;
  }

  /** Requests of {@code half} that ran on the kind of connection the half asked for. */
  int onIntendedConnection(TimeoutPlan.Half half) {
    return halves.get(half).intended;
  }

  /** Requests of {@code half} that ended with a TimeoutException. */
  int timeouts(TimeoutPlan.Half half) {
    return halves.get(half).lags.size();
  }

  /** Lateness of each timed-out request of {@code half}, ns, in the order they were sent. */
  long[] lagsNanos(TimeoutPlan.Half half) {
    return halves.get(half).lags.stream().mapToLong(Long::longValue).toArray();
  }

  /** Requests that ended another way (a response, a connect failure). */
  int others() {
    return others;
  }

  /** Requests that had not ended when the run stopped waiting for them. */
  int unended() {
    return unended;
  }

  /** The first other outcome, described, or "". */
  String firstOther() {
    return firstOther;
  }

  /** The {@code key=value} fields of this tally for a child's RESULT line, free text last. */
  String resultFields() {
    return "pooledSent=" + sent(TimeoutPlan.Half.POOLED)
        + " pooledReused=" + onIntendedConnection(TimeoutPlan.Half.POOLED)
        + " newSent=" + sent(TimeoutPlan.Half.NEW)
        + " newConnected=" + onIntendedConnection(TimeoutPlan.Half.NEW)
        + " timeouts=" + (timeouts(TimeoutPlan.Half.POOLED) + timeouts(TimeoutPlan.Half.NEW))
        + " others=" + others
        + " unended=" + unended;
  }

  /** One {@link #LAG_LINE} line per timed-out request, pooled half first. */
  List<String> lagLines(long deadlineMillis) {
    List<String> lines = new ArrayList<>();
    for (TimeoutPlan.Half half : TimeoutPlan.Half.values()) {
      String prefix = LAG_LINE + " " + deadlineMillis + " " + halfCode(half) + " ";
      for (long lag : halves.get(half).lags) {
        lines.add(prefix + lag);
      }
    }
    return lines;
  }

  /** {@code P} for pooled, {@code N} for new, as in the lag lines. */
  static String halfCode(TimeoutPlan.Half half) {
    return half == TimeoutPlan.Half.POOLED ? "P" : "N";
  }
}
