package org.asynchttpclient;

/**
 * How a request picks among the addresses its host name resolves to ({@link
 * AsyncHttpClientConfig#getLoadBalance()}, as in AHC 3.0.12).
 *
 * <p>Neither mode applies to a request sent through a proxy (the proxy's addresses are used as
 * resolved), to a literal IP address, to a host with a single address, or to a request with an
 * explicit {@link Request#getAddress() address}. Either way, an address whose connect failed
 * lately goes to the back of the order while the failed-IP cooldown lasts ({@link
 * AsyncHttpClientConfig#isFailedIpCooldownEnabled()}).
 */
public enum LoadBalance {
  /**
   * The addresses in the order the resolver gave them; each is tried only after the one before it
   * failed to connect (or, with a positive {@link
   * AsyncHttpClientConfig#getConnectionAttemptDelay()}, also once the attempts before it went
   * unanswered that long). Kept-alive traffic stays on the first reachable address.
   */
  DEFAULT,
  /**
   * Each request rotates which resolved address comes first (the others stay behind it, in
   * order, for failover), and connections are pooled per address rather than per host, so that
   * consecutive requests spread evenly over the host's addresses: HTTP/1.1 connections, and
   * HTTP/2 connections too (one per address, where {@link #DEFAULT} keeps one per origin). The
   * host is resolved before a connection is looked for, inside the request timeout. {@code
   * maxConnectionsPerHost} still counts per host: a request that finds no idle connection to its
   * address and no permit takes an idle connection to another address of the host.
   */
  ROUND_ROBIN
}
