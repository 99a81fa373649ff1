package io.github.ahcdeadline.bench;

/**
 * The delay of the heavy-tail route: most requests are answered after a short delay, a small
 * fraction after a long one, drawn independently per request from a seeded coin. This is the
 * shape hedging is meant for: a hedge sent after a delay between the two is almost always fast.
 */
final class TailDelay {
  /** The default fraction of slow requests: 2%. */
  static final double SLOW_FRACTION = 0.02;

  /** The delay of a fast request, ms. */
  static final long FAST_MILLIS = 2;

  /** The delay of a slow request, ms. */
  static final long SLOW_MILLIS = 200;

  /** The seed the server uses unless told otherwise. */
  static final long DEFAULT_SEED = 47;

  private final SeededCoin slow;
  private final long fastMillis;
  private final long slowMillis;

  /** The benchmark's distribution: 98% {@value #FAST_MILLIS} ms, 2% {@value #SLOW_MILLIS} ms. */
  TailDelay(long seed) {
    this(seed, SLOW_FRACTION, FAST_MILLIS, SLOW_MILLIS);
  }

  TailDelay(long seed, double slowFraction, long fastMillis, long slowMillis) {
    if (fastMillis < 0 || slowMillis < fastMillis) {
      throw new IllegalArgumentException(
          "delays: fast " + fastMillis + " ms, slow " + slowMillis + " ms (expected 0 <= fast <= slow)");
    }
    this.slow = new SeededCoin(seed, slowFraction);
    this.fastMillis = fastMillis;
    this.slowMillis = slowMillis;
  }

  /** The delay of the next request, ms. */
  long nextMillis() {
    return slow.flip() ? slowMillis : fastMillis;
  }

  /** One line for the report: "98% 2 ms, 2% 200 ms". */
  String describe() {
    long slowPercent = Math.round(slow.probability() * 100);
    return (100 - slowPercent) + "% " + fastMillis + " ms, " + slowPercent + "% " + slowMillis + " ms";
  }
}
