package org.asynchttpclient.netty.timeout;

import io.netty.util.Timer;
import io.netty.util.concurrent.Ticker;

/**
 * A {@link Timer} that also tells the time its tasks are scheduled against. When the client's
 * configured {@code nettyTimer} implements it, the engine reads every timeout's clock from {@link
 * #ticker()} instead of the system's, so a test can hand in one object that is both the clock and
 * the timer (a {@code MockTicker} advanced by the test, firing what fell due) and drive the
 * engine's timeouts without sleeping.
 */
public interface TickerTimer extends Timer {
  Ticker ticker();
}
