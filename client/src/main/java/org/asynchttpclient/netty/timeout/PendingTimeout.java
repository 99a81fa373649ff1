package org.asynchttpclient.netty.timeout;

/**
 * What an attempt holds for each of its timeouts: an armed task, or {@link #NONE} when there is
 * no such timeout (not configured, not armed yet, or already replaced).
 */
public interface PendingTimeout {

  /**
   * Cancels the timeout if it is still armed; returns true only for the call that cancelled it
   * (false when it already expired or was cancelled). Never throws, from any thread.
   */
  boolean cancel();

  /** Whether it is armed: neither expired nor cancelled. */
  boolean isArmed();

  /** The ticker time it expires at, or -1 for {@link #NONE}. */
  long deadlineNanos();

  /** Whether its current schedule sits on an event loop (as opposed to the timer). */
  boolean onLoop();

  /** No timeout. */
  PendingTimeout NONE =
      new PendingTimeout() {
        @Override
        public boolean cancel() {
          return false;
        }

        @Override
        public boolean isArmed() {
          return false;
        }

        @Override
        public long deadlineNanos() {
          return -1;
        }

        @Override
        public boolean onLoop() {
          return false;
        }

        @Override
        public String toString() {
          return "PendingTimeout.NONE";
        }
      };
}
