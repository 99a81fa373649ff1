package org.asynchttpclient.netty.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.netty.channel.AddressPartitionKey;
import org.junit.jupiter.api.Test;

/**
 * The orders a connect takes a host's addresses in: ROUND_ROBIN's rotation, the failed-IP
 * cooldown (on a mock clock), RFC 8305's family interleaving, and the per-address partition key.
 */
class AddressOrderTest {
  private static final long PERIOD = TimeUnit.SECONDS.toNanos(10);

  /** The cooldown under test, on a clock only the test advances. */
  private final MockTicker clock = Ticker.newMockTicker();
  private final FailedAddressCooldown cooldown = new FailedAddressCooldown(PERIOD, clock);

  private static InetSocketAddress a(String ip) throws UnknownHostException {
    return new InetSocketAddress(InetAddress.getByName(ip), 80);
  }

  private static List<InetSocketAddress> list(String... ips) throws UnknownHostException {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String ip : ips) {
      out.add(a(ip));
    }
    return out;
  }

  @Test
  void eachRequestStartsFromTheNextAddressAndKeepsTheOthersInOrder() throws Exception {
    AddressRotation rotation = new AddressRotation();
    List<InetSocketAddress> resolved = list("10.0.0.1", "10.0.0.2", "10.0.0.3");
    assertEquals(resolved, rotation.next("h", resolved));
    assertEquals(list("10.0.0.2", "10.0.0.3", "10.0.0.1"), new ArrayList<>(rotation.next("h", resolved)));
    assertEquals(list("10.0.0.3", "10.0.0.1", "10.0.0.2"), new ArrayList<>(rotation.next("h", resolved)));
    assertEquals(resolved, rotation.next("h", resolved));
    assertEquals(resolved, rotation.next("other", resolved), "each host has its own rotation");
    List<InetSocketAddress> one = list("10.0.0.9");
    assertSame(one, rotation.next("single", one));
  }

  @Test
  void theRotationForgetsHostsPastItsCap() throws Exception {
    AddressRotation rotation = new AddressRotation();
    List<InetSocketAddress> two = list("10.0.0.1", "10.0.0.2");
    for (int i = 0; i < AddressRotation.MAX_HOSTS + 100; i++) {
      rotation.next("host" + i, two);
    }
    assertEquals(AddressRotation.MAX_HOSTS, rotation.hostsTracked());
  }

  @Test
  void aFailedAddressGoesToTheBackForThePeriodThenComesBack() throws Exception {
    List<InetSocketAddress> resolved = list("10.0.0.1", "10.0.0.2", "10.0.0.3");
    assertSame(resolved, cooldown.order("h", resolved), "nothing recorded: resolver order");
    cooldown.failed("h", a("10.0.0.1"));
    assertEquals(list("10.0.0.2", "10.0.0.3", "10.0.0.1"), cooldown.order("h", resolved));
    assertEquals(resolved, cooldown.order("other", resolved), "per host");
    clock.advance(PERIOD - 1, TimeUnit.NANOSECONDS);
    assertEquals(list("10.0.0.2", "10.0.0.3", "10.0.0.1"), cooldown.order("h", resolved));
    clock.advance(1, TimeUnit.NANOSECONDS);
    assertSame(resolved, cooldown.order("h", resolved), "expired: back in its place");
  }

  @Test
  void whenEveryAddressCoolsTheResolverOrderStands() throws Exception {
    List<InetSocketAddress> resolved = list("10.0.0.1", "10.0.0.2");
    cooldown.order("h", resolved);
    cooldown.failed("h", a("10.0.0.1"));
    cooldown.failed("h", a("10.0.0.2"));
    assertSame(resolved, cooldown.order("h", resolved), "never dropped, never empty");
  }

  @Test
  void orderingRecordsNothingAndAHostLeavesOnceItsCooldownsExpired() throws Exception {
    List<InetSocketAddress> resolved = list("10.0.0.1", "10.0.0.2");
    for (int i = 0; i < FailedAddressCooldown.MAX_HOSTS + 100; i++) {
      assertSame(resolved, cooldown.order("host" + i, resolved));
    }
    assertEquals(0, cooldown.hostsTracked(), "hosts only ordered cost nothing");
    cooldown.failed("h", a("10.0.0.1"));
    assertEquals(1, cooldown.hostsTracked());
    clock.advance(PERIOD, TimeUnit.NANOSECONDS);
    assertSame(resolved, cooldown.order("h", resolved));
    assertEquals(0, cooldown.hostsTracked(), "nothing cooling: the host is forgotten");
  }

  @Test
  void hostsWithFailuresAreCappedAndExpiredOnesMakeRoomFirst() throws Exception {
    for (int i = 0; i < FailedAddressCooldown.MAX_HOSTS + 100; i++) {
      cooldown.failed("host" + i, a("10.0.0.1"));
    }
    assertEquals(FailedAddressCooldown.MAX_HOSTS, cooldown.hostsTracked());
    clock.advance(PERIOD, TimeUnit.NANOSECONDS);
    cooldown.failed("late", a("10.0.0.1"));
    assertEquals(1, cooldown.hostsTracked(), "every expired host went to make room");
    assertEquals(list("10.0.0.2", "10.0.0.1"), cooldown.order("late", list("10.0.0.1", "10.0.0.2")));
  }

  @Test
  void familiesAlternateStartingWithTheFirstAddresss() throws Exception {
    List<InetSocketAddress> mixed = list("2001:db8::1", "2001:db8::2", "2001:db8::3", "10.0.0.1", "10.0.0.2");
    assertEquals(
        list("2001:db8::1", "10.0.0.1", "2001:db8::2", "10.0.0.2", "2001:db8::3"),
        AddressFamilies.interleave(mixed));
    List<InetSocketAddress> v4 = list("10.0.0.1", "10.0.0.2", "10.0.0.3");
    assertSame(v4, AddressFamilies.interleave(v4));
    assertEquals(
        list("10.0.0.1", "2001:db8::1", "10.0.0.2"),
        AddressFamilies.interleave(list("10.0.0.1", "10.0.0.2", "2001:db8::1")));
  }

  @Test
  void aPartitionKeyFollowsTheAddressActuallyConnected() throws Exception {
    AddressPartitionKey key = new AddressPartitionKey("http://h:80", InetAddress.getByName("10.0.0.1"));
    assertSame(key, key.at(a("10.0.0.1")));
    assertSame(key, key.at(null));
    AddressPartitionKey moved = key.at(a("10.0.0.2"));
    assertEquals(new AddressPartitionKey("http://h:80", InetAddress.getByName("10.0.0.2")), moved);
    assertNotEquals(key, moved);
    assertEquals("http://h:80", AddressPartitionKey.baseOf(moved));
    assertEquals("plain", AddressPartitionKey.baseOf("plain"));
  }
}
