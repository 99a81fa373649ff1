package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.util.List;

/**
 * What one row of the hedging benchmark measured: the child's RESULT line and CONFIG line, and the
 * requests the server counted on the row's route while the child ran (warm-up excluded).
 */
final class HedgeResult {
  private final long exchanges;
  private final long succeeded;
  private final long failed;
  private final LatencySummary latency;
  private final long clientRetries;
  private final long clientSends;
  private final long nanos;
  private final String failures;
  private final String config;
  private final long serverRequests;
  private final long serverResets;

  HedgeResult(
      long exchanges,
      long succeeded,
      long failed,
      LatencySummary latency,
      long clientRetries,
      long clientSends,
      long nanos,
      String failures,
      String config,
      long serverRequests,
      long serverResets) {
    this.exchanges = exchanges;
    this.succeeded = succeeded;
    this.failed = failed;
    this.latency = latency;
    this.clientRetries = clientRetries;
    this.clientSends = clientSends;
    this.nanos = nanos;
    this.failures = failures;
    this.config = config;
    this.serverRequests = serverRequests;
    this.serverResets = serverResets;
  }

  /** Exchanges the child completed, well or not. */
  long exchanges() {
    return exchanges;
  }

  /** Exchanges answered 200 with the expected body. */
  long succeeded() {
    return succeeded;
  }

  /** The other exchanges. */
  long failed() {
    return failed;
  }

  /** Per-exchange latency, failures included. */
  LatencySummary latency() {
    return latency;
  }

  /** Retries the client announced (AsyncHandler#onRetry). */
  long clientRetries() {
    return clientRetries;
  }

  /** Requests the client wrote (AsyncHandler#onRequestSend). */
  long clientSends() {
    return clientSends;
  }

  /** The measured phase's wall time. */
  long nanos() {
    return nanos;
  }

  /** The failures, {@code kind:count,...} or {@code none}. */
  String failures() {
    return failures;
  }

  /** The options as the child's client reported them. */
  String config() {
    return config;
  }

  /** Requests the server counted on the route. */
  long serverRequests() {
    return serverRequests;
  }

  /** Of those, connections it reset ({@code /flaky} only). */
  long serverResets() {
    return serverResets;
  }

  /** Parses a child's output; {@code serverRequests} and {@code serverResets} are the server's. */
  static HedgeResult parse(List<String> out, long serverRequests, long serverResets)
      throws IOException {
    long exchanges = longField(out, "exchanges");
    LatencySummary latency =
        new LatencySummary((int) exchanges, longField(out, "p50Us"), longField(out, "p99Us"),
            longField(out, "p999Us"), longField(out, "maxUs"));
    return new HedgeResult(exchanges, longField(out, "succeeded"), longField(out, "failed"),
        latency, longField(out, "retries"), longField(out, "sends"), longField(out, "nanos"),
        ChildJvm.field(out, "failures"), ChildJvm.tagged(out, "CONFIG"), serverRequests,
        serverResets);
  }

  private static long longField(List<String> out, String key) throws IOException {
    String value = ChildJvm.field(out, key);
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IOException(key + "=" + value + " is not a number", e);
    }
  }

  /** Requests the server counted per exchange: 1 with neither hedges nor retries. */
  double serverRequestsPerExchange() {
    return exchanges == 0 ? Double.NaN : (double) serverRequests / exchanges;
  }

  /** Retries the client announced per exchange. */
  double clientRetriesPerExchange() {
    return exchanges == 0 ? Double.NaN : (double) clientRetries / exchanges;
  }

  /** The measured phase's wall time, seconds. */
  double seconds() {
    return nanos / 1e9;
  }
}
