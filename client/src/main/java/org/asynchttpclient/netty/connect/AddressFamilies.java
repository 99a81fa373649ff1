package org.asynchttpclient.netty.connect;

import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 8305 section 4 for a connect race: when a host resolves to addresses of both families, the
 * attempts alternate between them, starting with the family of the first address, each family in
 * its given order. So a family whose every address black-holes costs one attempt delay, not one per
 * address.
 */
final class AddressFamilies {
  private AddressFamilies() {}

  /** {@code addresses} with the families alternating; the same list when there is one family. */
  static List<InetSocketAddress> interleave(List<InetSocketAddress> addresses) {
    int n = addresses.size();
    if (n <= 2) {
      return addresses; // two addresses alternate already, or are of one family
    }
    boolean firstIsV6 = isV6(addresses.get(0));
    List<InetSocketAddress> same = new ArrayList<>(n);
    List<InetSocketAddress> other = new ArrayList<>(n);
    for (InetSocketAddress a : addresses) {
      (isV6(a) == firstIsV6 ? same : other).add(a);
    }
    if (other.isEmpty()) {
      return addresses;
    }
    List<InetSocketAddress> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      if (i < same.size()) {
        out.add(same.get(i));
      }
      if (i < other.size()) {
        out.add(other.get(i));
      }
    }
    return out;
  }

  private static boolean isV6(InetSocketAddress a) {
    return a.getAddress() instanceof Inet6Address;
  }
}
