package org.asynchttpclient.netty.exchange;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.HopView;
import org.asynchttpclient.netty.channel.AddressPartitionKey;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/**
 * Where a hop goes: the key its connection permits are counted by (per host), the pool partition
 * it looks for a carrier in (the same, or under ROUND_ROBIN the address it was pinned to), its
 * proxy, and what its connect knows ({@link Dialing}: the pinned and dialed addresses, the race);
 * and the per-hop values listeners keep on it ({@link HopView#getAttachment}), one slot per
 * registered listener ({@link ExchangeEvents#attachment}).
 *
 * <p>Threads: the immutable fields are set before the hop is published; the others as documented
 * on each.
 */
abstract class HopRoute implements HopView {
  private static final VarHandle PARTITION_KEY = field(MethodHandles.lookup(), "partitionKey", Object.class);

  /** A handle on the field {@code name} of {@code lookup}'s own class, for a static initialiser. */
  static VarHandle field(MethodHandles.Lookup lookup, String name, Class<?> type) {
    try {
      return lookup.findVarHandle(lookup.lookupClass(), name, type);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // immutable
  private final Object permitKey;
  private final @Nullable ProxyServer proxy;

  // any thread
  /**
   * The pool partition: the permit key, or under ROUND_ROBIN the key of the address the hop was
   * pinned to ({@link #pin}), written once by the hop before it looks for a carrier.
   */
  @SuppressWarnings("NullAway.Init") // set (plain) in the constructor
  private volatile Object partitionKey;
  /** Made by the first pin or dial of the hop ({@link #dialing()}), which then writes it. */
  private volatile @Nullable Dialing dialing;
  /** Listeners' per-hop values; written by listeners, one event at a time. */
  private volatile @Nullable Object[] attachments;

  HopRoute(Object permitKey, @Nullable ProxyServer proxy) {
    this.permitKey = permitKey;
    // Plain: the hop is published to other threads only after its constructor, through
    // synchronising hand-offs (a volatile store, a task queue).
    PARTITION_KEY.set(this, permitKey);
    this.proxy = proxy;
  }

  /** Whether this hop has ended or its exchange has. */
  public abstract boolean isOver();

  /** The client's listeners, which index the attachment slots. */
  abstract ExchangeEvents events();

  @Override
  public @Nullable Object getAttachment(ExchangeListener listener) {
    return events().attachment(attachments, listener);
  }

  @Override
  public void setAttachment(ExchangeListener listener, @Nullable Object value) {
    attachments = events().attach(attachments, listener, value);
  }

  /** The pool partition the hop looks for a carrier in (see {@link #pin}). */
  public Object partitionKey() {
    return partitionKey;
  }

  /** The key connection permits are counted by: per host, whatever the pool partition. */
  public Object permitKey() {
    return permitKey;
  }

  /**
   * ROUND_ROBIN pinned the hop to the partition {@code key} (an address's, or the permit key for a
   * host of one address), with {@code addresses} (the pinned one first) to dial; before the hop
   * looks for a carrier.
   */
  public void pin(Object key, List<InetSocketAddress> addresses) {
    dialing().pinned = addresses;
    this.partitionKey = key;
  }

  /** The addresses {@link #pin} gave, or null when the hop resolves when it connects. */
  public @Nullable List<InetSocketAddress> pinnedAddresses() {
    Dialing d = dialing;
    return d == null ? null : d.pinned;
  }

  /**
   * The partitions of the other addresses of the hop's host, in its dialing order, when
   * ROUND_ROBIN pinned it to one address: where a hop that finds no permit may share a connection
   * (an idle HTTP/1.1 one, or an HTTP/2 one). Empty when the hop is not pinned to an address.
   */
  public List<AddressPartitionKey> siblingPartitions() {
    List<InetSocketAddress> addresses = pinnedAddresses();
    if (addresses == null || !(partitionKey instanceof AddressPartitionKey)) {
      return List.of();
    }
    List<AddressPartitionKey> siblings = new ArrayList<>(addresses.size());
    for (int i = 1; i < addresses.size(); i++) {
      siblings.add(new AddressPartitionKey(permitKey, addresses.get(i).getAddress()));
    }
    return siblings;
  }

  /** The addresses this hop's connect started, in order; empty when it opened none. */
  public List<InetSocketAddress> addressesTried() {
    Dialing d = dialing;
    return d == null ? List.of() : d.addressesTried();
  }

  /**
   * Publishes the connect race of this hop, as soon as it starts, so that the hop's end (a
   * timeout, a cancel, the exchange's end) closes every attempt. Returns false, having abandoned
   * it, when the hop is already over.
   */
  public boolean attachRacing(Dialing.Racing race) {
    dialing().racing = race;
    if (isOver()) {
      race.abandon();
      return false;
    }
    return true;
  }

  /**
   * What the hop's connect knows (pinned and dialed addresses, its race); made on first use by the
   * hop's own steps, which follow one another. Readers on other threads use the methods above.
   */
  public Dialing dialing() {
    Dialing d = dialing;
    if (d == null) {
      d = new Dialing();
      dialing = d;
    }
    return d;
  }

  /** The loop chosen for the hop's new connection ({@link Dialing#loop}), or null. */
  public @Nullable io.netty.channel.EventLoop dialLoop() {
    Dialing d = dialing;
    return d == null ? null : d.loop;
  }

  /** The proxy carrying this hop (HTTP or SOCKS), null when direct. */
  public @Nullable ProxyServer proxy() {
    return proxy;
  }

  /** Closes every address still racing for this hop, if a race started. */
  void abandonRace() {
    Dialing d = dialing;
    Dialing.Racing race = d == null ? null : d.racing;
    if (race != null) {
      race.abandon();
    }
  }
}
