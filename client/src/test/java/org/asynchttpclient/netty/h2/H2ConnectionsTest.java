package org.asynchttpclient.netty.h2;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

/** Which connection of a partition a new stream goes to, and when a further one would help. */
class H2ConnectionsTest {
  private static final int BUSY = H2Connections.BUSY_STREAMS;

  private static H2Connection open(int active, int limit) {
    H2Connection c = new H2Connection(new EmbeddedChannel(), null, limit, 0);
    c.state = H2Connection.State.OPEN;
    c.active = active;
    return c;
  }

  private static H2Connections of(H2Connection... cs) {
    H2Connections list = new H2Connections();
    for (H2Connection c : cs) {
      list.add(c);
    }
    return list;
  }

  @Test
  void belowTheBusyCountTheOldestTakesTheStreamSoTheOthersCanGoIdle() {
    H2Connection oldest = open(BUSY - 1, -1);
    H2Connection newer = open(0, -1);
    assertSame(oldest, of(oldest, newer).pick());
  }

  @Test
  void onceBusyTheLeastLoadedTakesTheStreamTiesToTheOldest() {
    H2Connection oldest = open(BUSY + 3, -1);
    H2Connection newer = open(BUSY + 1, -1);
    assertSame(newer, of(oldest, newer).pick());
    newer.active = BUSY + 3;
    assertSame(oldest, of(oldest, newer).pick(), "a tie goes to the oldest");
    H2Connection idle = open(2, -1);
    assertSame(idle, of(oldest, newer, idle).pick(), "the only one below the busy count");
  }

  @Test
  void aConnectionAtItsLimitOrNotOpenTakesNoStream() {
    H2Connection full = open(4, 4);
    H2Connection draining = open(0, -1);
    draining.state = H2Connection.State.DRAINING;
    assertNull(of(full, draining).pick());
    H2Connection preface = open(0, -1);
    preface.state = H2Connection.State.PREFACE;
    assertNull(of(full, preface).pick());
  }

  @Test
  void aFurtherConnectionHelpsOnlyWhenEveryOneIsBusyOrFullAndBelowTheCap() {
    H2Connection busy = open(BUSY, -1);
    H2Connection full = open(2, 2);
    assertTrue(of(busy, full).allBusy(3));
    assertFalse(of(busy, full).allBusy(2), "at the cap");
    assertFalse(of(open(BUSY - 1, -1)).allBusy(2), "one below the busy count");
    H2Connection opening = open(0, -1);
    opening.state = H2Connection.State.PREFACE;
    assertFalse(of(busy, opening).allBusy(3), "a connection still in its preface will take some");
    assertFalse(new H2Connections().allBusy(2), "no connection: that is the first opener's case");
  }
}
