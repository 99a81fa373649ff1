package org.asynchttpclient.netty.hop;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The hedging figures of each partition a hedged request went to, the least recently used dropped
 * past {@link #MAX_PARTITIONS}: a client that calls many hosts keeps a bounded map (a partition
 * dropped and seen again starts over, its budget empty).
 *
 * <p>Threads: any; guarded by this object's monitor. Made only when hedging is configured.
 */
public final class HedgeStatsByPartition {
  static final int MAX_PARTITIONS = 1024;

  // guarded by this
  private final LinkedHashMap<Object, HedgeStats> stats =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, HedgeStats> eldest) {
          return size() > MAX_PARTITIONS;
        }
      };

  /** The figures of {@code partitionKey}, made on first use. */
  public synchronized HedgeStats of(Object partitionKey) {
    return stats.computeIfAbsent(partitionKey, k -> new HedgeStats());
  }
}
