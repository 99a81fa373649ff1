package org.asynchttpclient.netty.hop;

import java.util.Arrays;
import org.asynchttpclient.netty.exchange.HedgeGroup;

/**
 * One partition's hedging figures: the recent times to a response head (the hedge delay's
 * percentile reads them) and the hedge budget, a token bucket: every hedgeable request earns
 * {@code hedgeBudget} of a hedge, every hedge spends one, and at most {@link #MAX_TOKENS} are saved,
 * so hedges never exceed that fraction of the partition's requests plus that small burst (G4).
 *
 * <p>Threads: any; every method holds this object's monitor (hedged requests only, a few
 * operations each).
 */
public final class HedgeStats implements HedgeGroup.HeadLatencies {
  /** The most hedges saved up by a quiet partition. */
  static final double MAX_TOKENS = 10;
  /** The window of recent head latencies the percentile is read over. */
  static final int WINDOW = 256;
  /** Below this many samples no percentile is trusted: the configured delay alone applies. */
  static final int MIN_SAMPLES = 20;
  /** The sorted copy is made again after this many new samples, not at every read. */
  private static final int RESORT_EVERY = 16;

  // guarded by this
  private final long[] window = new long[WINDOW];
  private int count;
  private int next;
  private long[] sorted = new long[0];
  private int sinceSort = RESORT_EVERY;
  private double tokens;

  @Override
  public synchronized void record(long nanos) {
    window[next] = nanos;
    next = (next + 1) % WINDOW;
    if (count < WINDOW) {
      count++;
    }
    sinceSort++;
  }

  /**
   * The recent time to a response head at {@code percentile} (0 to 100 excluded), or 0 while
   * fewer than {@link #MIN_SAMPLES} were seen.
   */
  public synchronized long percentileNanos(double percentile) {
    if (count < MIN_SAMPLES) {
      return 0;
    }
    if (sinceSort >= RESORT_EVERY || sorted.length != count) {
      sorted = Arrays.copyOf(window, count);
      Arrays.sort(sorted);
      sinceSort = 0;
    }
    int at = (int) Math.ceil(percentile / 100.0 * count) - 1;
    return sorted[Math.max(0, Math.min(count - 1, at))];
  }

  /** A hedgeable request was sent: it earns {@code fraction} of a hedge. */
  public synchronized void earn(double fraction) {
    tokens = Math.min(MAX_TOKENS, tokens + fraction);
  }

  /** Spends one hedge from the budget; false when there is none to spend. */
  public synchronized boolean spend() {
    if (tokens < 1) {
      return false;
    }
    tokens -= 1;
    return true;
  }
}
