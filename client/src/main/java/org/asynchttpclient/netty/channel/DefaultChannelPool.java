package org.asynchttpclient.netty.channel;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.netty.timeout.TimeoutScheduler;
import org.jetbrains.annotations.Nullable;

/**
 * Idle keep-alive connections, by partition key. The most recently offered channel is reused
 * first, so the others age out. A channel leaves the pool when it is polled, when it closes, when it
 * has been idle longer than the idle timeout, or when it outlived its time to live (TTL, counted
 * from the connect). The idle cleaner runs on the client's {@link Timer}, never on an event loop.
 *
 * <p>A channel is in the pool at most once. Its {@code POOLED} attribute holds its latest entry, set
 * by {@link #offer} with a compare-and-set from the entry before it; an entry is pooled until it
 * is taken out of its partition (a poll, the cleaner, {@link #removeAll}, a flush), which marks it
 * taken under the partition's lock. Offering a channel whose latest entry is not taken is a no-op
 * that returns true, as AHC 3.0.12's pool does: a second entry would let two polls hand the same
 * connection to two requests.
 *
 * <p>A poll thus touches only the entry it pops, never the channel's attribute: the attribute is
 * written by the thread giving the channel back (its loop), and a poll from another thread reading
 * it would pay a cache miss per request for a value only {@link #offer} and {@link #removeAll}
 * need.
 *
 * <p>Memory follows the idle channels, not the hosts ever called: a partition leaves the map once
 * it is empty and was not offered a channel since the cleaner's previous run, once its last idle
 * channel closed, or when it is flushed. It is retired under its own lock first, and an offer
 * that meets a retired partition pushes to the key's new one instead ({@link IdleStack}), so a
 * channel given back at that moment is pooled in a live partition, never in a removed one. The
 * cleaner so walks only the partitions that hold idle channels or were used since its previous
 * run; it runs whenever a cleaner period is set, even with neither an idle timeout nor a TTL.
 *
 * <p>Threads: every method may be called from any thread; each partition is an {@link IdleStack}
 * under its own lock.
 */
public final class DefaultChannelPool implements ChannelPool {
  /** How many idle entries {@link #poll(Object, EventLoop)} looks at for one of the caller's loop. */
  static final int AFFINITY_SCAN = 8;

  /** Ticker nanos of the moment the channel connected; set by the connector. */
  public static final AttributeKey<Long> CREATED_AT = AttributeKey.valueOf("ahc.createdAt");

  /**
   * The channel's latest entry, pooled while it is not {@linkplain IdleChannel#taken taken}; null
   * before the channel was first offered. The entry also names the partition, so pooling a
   * channel looks up one attribute, not two.
   */
  private static final AttributeKey<IdleChannel> POOLED = AttributeKey.valueOf("ahc.pooled");

  static final class IdleChannel {
    final Channel channel;
    final Object partitionKey;
    final long idleSince;

    /**
     * Set, never cleared, when the entry leaves its partition's {@link IdleStack}, under that
     * stack's lock; read without it by {@link #offer}, which asks only whether the channel's
     * latest entry is still pooled.
     */
    volatile boolean taken;

    IdleChannel(Channel channel, Object partitionKey, long idleSince) {
      this.channel = channel;
      this.partitionKey = partitionKey;
      this.idleSince = idleSince;
    }
  }

  // immutable
  private final long idleTimeoutNanos;
  private final long ttlNanos;
  private final Ticker ticker;

  // any thread
  private final ConcurrentHashMap<Object, IdleStack> partitions =
      new ConcurrentHashMap<>();
  private volatile boolean open = true;
  private volatile @Nullable Object cleaner;

  /**
   * @param idleTimeoutNanos how long a channel may stay idle; zero or less keeps it forever
   * @param ttlNanos how long a channel may live from its connect; zero or less: no limit
   * @param cleanerPeriodNanos how often the cleaner looks for idle and expired channels and
   *     removes unused empty partitions; zero or less: no cleaner (tests drive it by hand)
   * @param scheduler the engine's timers; the cleaner runs on its timer (E10), reading its clock
   */
  public DefaultChannelPool(
      long idleTimeoutNanos, long ttlNanos, long cleanerPeriodNanos, TimeoutScheduler scheduler) {
    this.idleTimeoutNanos = idleTimeoutNanos;
    this.ttlNanos = ttlNanos;
    this.ticker = scheduler.ticker();
    if (cleanerPeriodNanos > 0) {
      scheduleCleaner(scheduler, cleanerPeriodNanos);
    }
  }

  /** As above, on a timer of its own reading {@code ticker} (tests, and pools made by hand). */
  public DefaultChannelPool(
      long idleTimeoutNanos, long ttlNanos, long cleanerPeriodNanos, Timer timer, Ticker ticker) {
    this(idleTimeoutNanos, ttlNanos, cleanerPeriodNanos, new TimeoutScheduler(timer, ticker, false));
  }

  private void scheduleCleaner(TimeoutScheduler scheduler, long periodNanos) {
    cleaner =
        scheduler.onTimer(
            () -> {
              if (!open) {
                return;
              }
              evictIdleAndExpired();
              scheduleCleaner(scheduler, periodNanos);
            },
            periodNanos);
  }

  /**
   * The cleaner's run: closes the channels idle for longer than the idle timeout, past their TTL
   * or closed, and removes the partitions {@link IdleStack#sweep} retires. Its cost follows the
   * partitions in the map: those holding idle channels and those used since the previous run.
   */
  void evictIdleAndExpired() {
    if (partitions.isEmpty()) {
      return;
    }
    // Without an idle timeout or a TTL nothing idle is evicted here (a channel that closes while
    // idle leaves through removeAll): the run only retires partitions, touching no entry.
    Predicate<IdleChannel> doomed = null;
    if (idleTimeoutNanos > 0 || ttlNanos > 0) {
      long now = ticker.nanoTime();
      doomed =
          idle ->
              (idleTimeoutNanos > 0 && now - idle.idleSince >= idleTimeoutNanos)
                  || isExpired(idle.channel, now)
                  || !idle.channel.isActive();
    }
    List<IdleChannel> removed = new ArrayList<>();
    for (IdleStack stack : partitions.values()) {
      if (stack.sweep(doomed, removed)) {
        partitions.remove(stack.key, stack);
      }
    }
    closeAll(removed);
  }

  /**
   * The time {@link #isExpired} compares with; without a TTL it compares with nothing, and a poll
   * then costs no clock read.
   */
  private long nowForExpiry() {
    return ttlNanos > 0 ? ticker.nanoTime() : 0;
  }

  private boolean isExpired(Channel channel, long now) {
    if (ttlNanos <= 0) {
      return false;
    }
    Long created = channel.attr(CREATED_AT).get();
    return created != null && now - created >= ttlNanos;
  }

  /** Pools the channel idle from now, unless past its TTL. */
  @Override
  public boolean offer(Channel channel, Object partitionKey) {
    long now = ticker.nanoTime();
    if (!open || !channel.isActive() || isExpired(channel, now)) {
      return false;
    }
    Attribute<IdleChannel> pooled = channel.attr(POOLED);
    IdleChannel latest = pooled.get();
    IdleChannel entry = new IdleChannel(channel, partitionKey, now);
    // An offer racing another offer of the same channel loses the compare-and-set: either way,
    // already pooled, it stays where it is, its idle clock untouched (AHC 3.0.12, #2298).
    if ((latest != null && !latest.taken) || !pooled.compareAndSet(latest, entry)) {
      return true;
    }
    IdleStack stack;
    while (!(stack = partitions.computeIfAbsent(partitionKey, IdleStack::new)).push(entry)) {
      // Retired by the cleaner or a close since the lookup: out of the map (if the retiring
      // thread has not removed it yet), then the key's new partition.
      partitions.remove(partitionKey, stack);
    }
    if (!open) {
      // destroy() ran meanwhile and may have missed this entry
      removeAll(channel);
      return false;
    }
    return true;
  }

  /**
   * Like {@link #poll(Object)}, but an idle channel of {@code preferred} comes first: a request
   * issued on one of the client's loops then stays on it (no wake-up of another loop). Only the
   * first {@value #AFFINITY_SCAN} entries are looked at, so a long partition costs no more than a
   * short one; without a match it falls back to the most recently used channel.
   */
  public @Nullable Channel poll(Object partitionKey, @Nullable EventLoop preferred) {
    return poll(partitionKey, preferred, null);
  }

  /**
   * Like {@link #poll(Object, EventLoop)}, but without a match the fallback passes over the
   * channels of the loops {@code placement} says to pass over (among the first {@value
   * #AFFINITY_SCAN}); with none left it returns null, so that the caller opens a connection on
   * {@code preferred}.
   */
  public @Nullable Channel poll(
      Object partitionKey, @Nullable EventLoop preferred, @Nullable LoopPlacement placement) {
    IdleStack stack = partitions.get(partitionKey);
    if (stack == null) {
      return null;
    }
    long now = nowForExpiry();
    IdleChannel idle;
    // Each round takes one entry out, so a partition of dead channels ends the loop.
    while ((idle = preferred != null ? stack.popOn(preferred, AFFINITY_SCAN) : stack.pop()) != null) {
      Channel ch = usable(idle, now);
      if (ch != null) {
        return ch;
      }
    }
    if (preferred == null) {
      return null;
    }
    return placement == null
        ? poll(partitionKey, null, null)
        : pollElsewhere(stack, preferred, placement, now);
  }

  /** The fallback of a poll with a placement: an idle channel of a loop it does not pass over. */
  private @Nullable Channel pollElsewhere(
      IdleStack stack, EventLoop preferred, LoopPlacement placement, long now) {
    IdleChannel idle;
    while ((idle = stack.popUnless(placement, preferred, AFFINITY_SCAN)) != null) {
      Channel ch = usable(idle, now);
      if (ch != null) {
        return ch;
      }
    }
    return null;
  }

  /** The channel of an entry just taken out when it may carry a request; else closed, and null. */
  private @Nullable Channel usable(IdleChannel idle, long now) {
    Channel ch = idle.channel;
    if (ch.isActive() && !isExpired(ch, now)) {
      return ch;
    }
    ChannelClosing.close(ch);
    return null;
  }

  @Override
  public @Nullable Channel poll(Object partitionKey) {
    return poll(partitionKey, null, null);
  }

  @Override
  public boolean removeAll(Channel channel) {
    // A channel is in at most one partition, at most once: offer lets only the first of two offers
    // of a pooled channel in (the compare-and-set on POOLED).
    if (!channel.hasAttr(POOLED)) {
      return false; // never pooled (asking attr() would add the attribute to every closing stream)
    }
    IdleChannel idle = channel.attr(POOLED).get();
    if (idle == null || idle.taken) {
      return false;
    }
    IdleStack stack = partitions.get(idle.partitionKey);
    if (stack == null || !stack.remove(idle)) {
      return false;
    }
    // An idle channel closed (the server's close, most often): its partition goes if it was the
    // last. Not the path of a request, which never empties a partition this way.
    if (stack.retireIfEmpty()) {
      partitions.remove(stack.key, stack);
    }
    return true;
  }

  /** Closes the channels of entries just taken out of their partition. */
  private static void closeAll(List<IdleChannel> taken) {
    for (IdleChannel idle : taken) {
      ChannelClosing.close(idle.channel);
    }
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void destroy() {
    open = false;
    TimeoutScheduler.cancel(cleaner);
    flushPartitions(key -> true);
  }

  /**
   * Closes the idle channels of the partitions whose key {@code predicate} accepts, and removes
   * those partitions. Each is retired as it is drained: a channel offered to it meanwhile goes to
   * the key's new partition, never into the one being removed.
   */
  @Override
  public void flushPartitions(Predicate<Object> predicate) {
    for (IdleStack stack : partitions.values()) {
      if (predicate.test(stack.key)) {
        List<IdleChannel> drained = stack.drainAndRetire();
        partitions.remove(stack.key, stack);
        closeAll(drained);
      }
    }
  }

  /** Partitions in the map, empty ones included (tests). */
  int partitionCount() {
    return partitions.size();
  }

  /** The partition mapped under {@code key} now, or null (tests). */
  @Nullable IdleStack partition(Object key) {
    return partitions.get(key);
  }

  @Override
  public Map<String, Long> getIdleChannelCountPerHost() {
    Map<String, Long> counts = new HashMap<>();
    for (IdleStack stack : partitions.values()) {
      for (IdleChannel idle : stack.snapshot()) {
        counts.merge(hostOf(idle.channel), 1L, Long::sum);
      }
    }
    return counts;
  }

  private static String hostOf(Channel channel) {
    SocketAddress remote = channel.remoteAddress();
    if (remote instanceof InetSocketAddress) {
      return ((InetSocketAddress) remote).getHostString();
    }
    return String.valueOf(remote);
  }
}
