package org.asynchttpclient.extras.micrometer;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.HostStats;
import org.jetbrains.annotations.Nullable;

/**
 * The {@value AsyncHttpClientMetrics#CONNECTIONS} gauges of one client, two per host (active,
 * idle), read from {@link AsyncHttpClient#getClientStats()} whenever the registry samples them.
 * Hosts are keyed as the client's stats key them: the remote address's host string.
 *
 * <p>Threads: any; {@link #track} registers a host's gauges once however many threads race on it.
 */
final class ConnectionPoolGauges {
  // immutable
  private final AsyncHttpClient client;
  private final MeterRegistry registry;
  private final Tags commonTags;

  // any thread
  private final Set<String> tracked = ConcurrentHashMap.newKeySet();

  ConnectionPoolGauges(AsyncHttpClient client, MeterRegistry registry, Tags commonTags) {
    this.client = client;
    this.registry = registry;
    this.commonTags = commonTags;
  }

  /** Registers the gauges of every host the client has connections to now. */
  void trackCurrentHosts() {
    for (String host : client.getClientStats().getStatsPerHost().keySet()) {
      track(host);
    }
  }

  /** Registers the gauges of the host behind {@code remote}, unless they exist. */
  void track(@Nullable SocketAddress remote) {
    if (remote instanceof InetSocketAddress) {
      track(((InetSocketAddress) remote).getHostString());
    }
  }

  private void track(String host) {
    if (tracked.contains(host) || !tracked.add(host)) {
      return;
    }
    gauge(host, "active", HostStats::getHostActiveConnectionCount);
    gauge(host, "idle", HostStats::getHostIdleConnectionCount);
  }

  private void gauge(String host, String state, ToLongFunction<HostStats> count) {
    Gauge.builder(AsyncHttpClientMetrics.CONNECTIONS, client, c -> read(c, host, count))
        .description("Open connections of an AsyncHttpClient to one host, by state")
        .tags(commonTags)
        .tag("host", host)
        .tag("state", state)
        .register(registry);
  }

  private static double read(AsyncHttpClient client, String host, ToLongFunction<HostStats> count) {
    HostStats stats = client.getClientStats().getStatsPerHost().get(host);
    return stats == null ? 0 : count.applyAsLong(stats);
  }
}
