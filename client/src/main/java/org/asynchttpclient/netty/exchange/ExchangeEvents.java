package org.asynchttpclient.netty.exchange;

import java.util.List;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.ExchangeOutcome;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers exchange and hop events to the configured {@link ExchangeListener}s. The views handed
 * out are the {@link Exchange} and {@link Attempt} themselves, so an event allocates nothing, and
 * with no listener every method returns at once. A listener that throws is logged and
 * skipped; it never changes an exchange's course.
 *
 * <p>Immutable; called from whichever thread the event happens on.
 */
public final class ExchangeEvents {
  private static final Logger LOGGER = LoggerFactory.getLogger(ExchangeEvents.class);

  /** No listeners. */
  public static final ExchangeEvents NONE = new ExchangeEvents(List.of());

  // immutable
  private final ExchangeListener[] listeners;

  public ExchangeEvents(List<ExchangeListener> listeners) {
    this.listeners = listeners.toArray(new ExchangeListener[0]);
  }

  public boolean isEmpty() {
    return listeners.length == 0;
  }

  /**
   * The value {@code listener} attached in {@code slots}, or null. The per-exchange and per-hop
   * values listeners attach are an array with one slot per registered listener, made on the first
   * attach, so a client without listeners never allocates one.
   */
  @Nullable Object attachment(@Nullable Object[] slots, ExchangeListener listener) {
    int i = indexOf(listener);
    return slots == null || i < 0 ? null : slots[i];
  }

  /** Attaches {@code value} for {@code listener}; returns the slots to keep (the same array, or a new one). */
  @Nullable Object[] attach(@Nullable Object[] slots, ExchangeListener listener, @Nullable Object value) {
    int i = indexOf(listener);
    if (i < 0) {
      throw new IllegalArgumentException(
          "listener " + listener + " is not registered with this client (expected one of its"
              + " ExchangeListeners)");
    }
    Object[] kept = slots != null ? slots : new Object[listeners.length];
    kept[i] = value;
    return kept;
  }

  /** The slot of {@code listener} in an attachment array, or -1 if it is not registered. */
  private int indexOf(ExchangeListener listener) {
    for (int i = 0; i < listeners.length; i++) {
      if (listeners[i] == listener) {
        return i;
      }
    }
    return -1;
  }

  public void exchangeStarted(Exchange<?> ex) {
    each("exchangeStarted", ex, ExchangeListener::exchangeStarted);
  }

  public void hopStarted(Attempt hop) {
    each("hopStarted", hop, ExchangeListener::hopStarted);
  }

  public void connectionAcquired(Attempt hop, boolean pooled) {
    for (ExchangeListener l : listeners) {
      try {
        l.connectionAcquired(hop, pooled);
      } catch (RuntimeException e) {
        logged(l, "connectionAcquired", e);
      }
    }
  }

  public void tlsHandshakeDone(Attempt hop) {
    each("tlsHandshakeDone", hop, ExchangeListener::tlsHandshakeDone);
  }

  public void requestWritten(Attempt hop) {
    each("requestWritten", hop, ExchangeListener::requestWritten);
  }

  public void responseStarted(Attempt hop, int statusCode) {
    for (ExchangeListener l : listeners) {
      try {
        l.responseStarted(hop, statusCode);
      } catch (RuntimeException e) {
        logged(l, "responseStarted", e);
      }
    }
  }

  public void hedgeSent(Attempt hop) {
    each("hedgeSent", hop, ExchangeListener::hedgeSent);
  }

  public void hedgeWon(Attempt hop) {
    each("hedgeWon", hop, ExchangeListener::hedgeWon);
  }

  public void hedgeCancelled(Attempt hop) {
    each("hedgeCancelled", hop, ExchangeListener::hedgeCancelled);
  }

  public void hopEnded(Attempt hop, @Nullable Throwable failure) {
    for (ExchangeListener l : listeners) {
      try {
        l.hopEnded(hop, failure);
      } catch (RuntimeException e) {
        logged(l, "hopEnded", e);
      }
    }
  }

  void timeoutFired(Attempt hop, ExchangeTimeoutException timeout) {
    for (ExchangeListener l : listeners) {
      try {
        l.timeoutFired(hop, timeout);
      } catch (RuntimeException e) {
        logged(l, "timeoutFired", e);
      }
    }
  }

  /** The exchange's outcome is decided: its last hop ends, then the exchange. */
  void ended(
      Exchange<?> ex, @Nullable Attempt last, ExchangeOutcome outcome, @Nullable Throwable failure) {
    if (last != null) {
      hopEnded(last, failure);
    }
    for (ExchangeListener l : listeners) {
      try {
        l.exchangeEnded(ex, outcome, failure);
      } catch (RuntimeException e) {
        logged(l, "exchangeEnded", e);
      }
    }
  }

  /** One event's call on one listener; the method references passed capture nothing. */
  private interface Delivery<S> {
    void to(ExchangeListener listener, S subject);
  }

  /** Delivers an event whose only argument is {@code subject} to every listener. */
  private <S> void each(String event, S subject, Delivery<S> delivery) {
    for (ExchangeListener l : listeners) {
      try {
        delivery.to(l, subject);
      } catch (RuntimeException e) {
        logged(l, event, e);
      }
    }
  }

  private static void logged(ExchangeListener l, String event, RuntimeException e) {
    LOGGER.warn("ExchangeListener {} threw from {}; ignored", l.getClass().getName(), event, e);
  }
}
