package io.github.ahcdeadline.bench;

import java.util.Random;

/**
 * A biased coin with a fixed seed: the same seed gives the same sequence of outcomes, so two runs
 * of the hedging benchmark draw the same slow requests and the same resets in the same order.
 * Which request gets which outcome still depends on arrival order, which no seed controls.
 *
 * <p>Thread-safe: {@link Random} is, and the server may call it from more than one event loop.
 */
final class SeededCoin {
  private final Random random;
  private final double probability;

  /** A coin that comes up true with {@code probability} (0 to 1). */
  SeededCoin(long seed, double probability) {
    if (!(probability >= 0 && probability <= 1)) {
      throw new IllegalArgumentException("probability: " + probability + " (expected 0 to 1)");
    }
    this.random = new Random(seed);
    this.probability = probability;
  }

  /** One independent draw: true with the coin's probability. */
  boolean flip() {
    return random.nextDouble() < probability;
  }

  /** The probability of true. */
  double probability() {
    return probability;
  }
}
