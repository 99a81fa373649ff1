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
 * with no listener every method returns at its first line. A listener that throws is logged and
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

  /** The slot of {@code listener} in an attachment array, or -1 if it is not registered. */
  int indexOf(ExchangeListener listener) {
    for (int i = 0; i < listeners.length; i++) {
      if (listeners[i] == listener) {
        return i;
      }
    }
    return -1;
  }

  int size() {
    return listeners.length;
  }

  public void exchangeStarted(Exchange<?> ex) {
    for (ExchangeListener l : listeners) {
      try {
        l.exchangeStarted(ex);
      } catch (RuntimeException e) {
        logged(l, "exchangeStarted", e);
      }
    }
  }

  public void hopStarted(Attempt hop) {
    for (ExchangeListener l : listeners) {
      try {
        l.hopStarted(hop);
      } catch (RuntimeException e) {
        logged(l, "hopStarted", e);
      }
    }
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
    for (ExchangeListener l : listeners) {
      try {
        l.tlsHandshakeDone(hop);
      } catch (RuntimeException e) {
        logged(l, "tlsHandshakeDone", e);
      }
    }
  }

  public void requestWritten(Attempt hop) {
    for (ExchangeListener l : listeners) {
      try {
        l.requestWritten(hop);
      } catch (RuntimeException e) {
        logged(l, "requestWritten", e);
      }
    }
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
    for (ExchangeListener l : listeners) {
      try {
        l.hedgeSent(hop);
      } catch (RuntimeException e) {
        logged(l, "hedgeSent", e);
      }
    }
  }

  public void hedgeWon(Attempt hop) {
    for (ExchangeListener l : listeners) {
      try {
        l.hedgeWon(hop);
      } catch (RuntimeException e) {
        logged(l, "hedgeWon", e);
      }
    }
  }

  public void hedgeCancelled(Attempt hop) {
    for (ExchangeListener l : listeners) {
      try {
        l.hedgeCancelled(hop);
      } catch (RuntimeException e) {
        logged(l, "hedgeCancelled", e);
      }
    }
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
    if (listeners.length == 0) {
      return;
    }
    if (last != null) {
      hopEnded(last, failure);
    }
    exchangeEnded(ex, outcome, failure);
  }

  private void exchangeEnded(Exchange<?> ex, ExchangeOutcome outcome, @Nullable Throwable failure) {
    for (ExchangeListener l : listeners) {
      try {
        l.exchangeEnded(ex, outcome, failure);
      } catch (RuntimeException e) {
        logged(l, "exchangeEnded", e);
      }
    }
  }

  private static void logged(ExchangeListener l, String event, RuntimeException e) {
    LOGGER.warn("ExchangeListener {} threw from {}; ignored", l.getClass().getName(), event, e);
  }
}
