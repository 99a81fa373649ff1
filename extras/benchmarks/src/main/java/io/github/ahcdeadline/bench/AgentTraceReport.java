package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jetbrains.annotations.Nullable;

/**
 * Matches what the server received with the spans an agent exported, for {@link OtelAgentProbe}:
 * per hop, the traceparent values that reached the server and whose span each names, and the
 * CLIENT spans of the hop with their parents; then the counts.
 *
 * <p>A CLIENT span belongs to a hop when its {@code url.full} is the hop's URL or when a
 * traceparent the hop carried names it.
 */
final class AgentTraceReport {
  private static final Pattern REQUEST_LINE =
      Pattern.compile("REQUEST req=(\\d+) status=(\\d+) app=(none|([0-9a-f]{32})-([0-9a-f]{16}))");
  private static final Pattern REQ_PARAMETER = Pattern.compile("[?&]req=(\\d+)");

  /** One request as the client program reported it. */
  static final class Request {
    final int number;
    final int status;
    /** The application span current around the request, null for none. */
    final @Nullable String appTraceId;

    final @Nullable String appSpanId;

    Request(int number, int status, @Nullable String appTraceId, @Nullable String appSpanId) {
      this.number = number;
      this.status = status;
      this.appTraceId = appTraceId;
      this.appSpanId = appSpanId;
    }
  }

  // immutable
  private final Map<Integer, Request> requests = new LinkedHashMap<>();
  private final List<TraceparentServer.Received> hops;
  private final List<AgentSpans.Exported> clientSpans = new ArrayList<>();
  private final Map<String, AgentSpans.Exported> spansById = new HashMap<>();
  private final String baseUrl;

  AgentTraceReport(
      List<String> clientOutput,
      List<TraceparentServer.Received> hops,
      List<AgentSpans.Exported> spans,
      String baseUrl) {
    for (String line : clientOutput) {
      Matcher m = REQUEST_LINE.matcher(line);
      if (m.matches()) {
        Request r =
            new Request(
                Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(4), m.group(5));
        requests.put(r.number, r);
      }
    }
    this.hops = List.copyOf(hops);
    for (AgentSpans.Exported span : spans) {
      spansById.put(span.spanId, span);
      if (span.isClient()) {
        clientSpans.add(span);
      }
    }
    this.baseUrl = baseUrl;
  }

  /** The per-hop table. */
  TextTable table() {
    TextTable table =
        new TextTable(
            "req",
            "status",
            "app span",
            "hop",
            "traceparent received: whose span",
            "CLIENT spans of the hop <- parent");
    for (TraceparentServer.Received hop : hops) {
      Request r = requests.get(requestNumber(hop.uri));
      List<String> sent = new ArrayList<>();
      for (String traceparent : hop.traceparents) {
        sent.add(describeTraceparent(traceparent, r));
      }
      List<String> spans = new ArrayList<>();
      for (AgentSpans.Exported span : spansOf(hop)) {
        spans.add(span.shortScope() + " " + span.spanId + " <- " + describeParent(span, r));
      }
      table.row(
          r == null ? "?" : Integer.toString(r.number),
          r == null ? "?" : r.status == 0 ? "no response" : Integer.toString(r.status),
          r == null || r.appSpanId == null ? "-" : r.appSpanId,
          hop.uri,
          sent.isEmpty() ? "none" : String.join("; ", sent),
          spans.isEmpty() ? "none" : String.join("; ", spans));
    }
    return table;
  }

  /** The counts under the table, one per line. */
  List<String> summary() {
    List<String> lines = new ArrayList<>();
    Map<String, Integer> byScope = new LinkedHashMap<>();
    for (AgentSpans.Exported span : clientSpans) {
      byScope.merge(span.shortScope(), 1, Integer::sum);
    }
    lines.add(
        "requests: " + requests.size() + ", hops the server received: " + hops.size()
            + ", CLIENT spans: " + clientSpans.size() + " " + byScope);
    int none = 0;
    int one = 0;
    int several = 0;
    int perHopMin = Integer.MAX_VALUE;
    int perHopMax = 0;
    Set<String> matched = new LinkedHashSet<>();
    for (TraceparentServer.Received hop : hops) {
      int n = hop.traceparents.size();
      if (n == 0) {
        none++;
      } else if (n == 1) {
        one++;
      } else {
        several++;
      }
      List<AgentSpans.Exported> spans = spansOf(hop);
      perHopMin = Math.min(perHopMin, spans.size());
      perHopMax = Math.max(perHopMax, spans.size());
      spans.forEach(s -> matched.add(s.spanId));
    }
    lines.add(
        "hops with one traceparent: " + one + ", with several: " + several + ", with none: " + none);
    lines.add(
        "CLIENT spans per hop: "
            + (hops.isEmpty() ? "-" : perHopMin == perHopMax ? perHopMin : perHopMin + " to " + perHopMax)
            + "; matched to no hop: "
            + (clientSpans.size() - matched.size()));
    int inApp = 0;
    int inAppTrace = 0;
    int outside = 0;
    int outsideRoots = 0;
    for (Request r : requests.values()) {
      List<AgentSpans.Exported> spans = spansOfRequest(r.number);
      if (r.appTraceId != null) {
        inApp++;
        if (!spans.isEmpty() && spans.stream().allMatch(s -> s.traceId.equals(r.appTraceId))) {
          inAppTrace++;
        }
      } else {
        outside++;
        if (!spans.isEmpty() && spans.stream().anyMatch(s -> s.parentSpanId.isEmpty())) {
          outsideRoots++;
        }
      }
    }
    lines.add(
        "requests inside an app span with every CLIENT span in its trace: " + inApp + " of " + inApp
            + " -> " + inAppTrace + "; requests outside with a root CLIENT span: " + outside + " -> "
            + outsideRoots);
    return lines;
  }

  private List<AgentSpans.Exported> spansOf(TraceparentServer.Received hop) {
    Set<String> named = new LinkedHashSet<>();
    for (String traceparent : hop.traceparents) {
      named.add(parentIdOf(traceparent));
    }
    String url = baseUrl + hop.uri;
    List<AgentSpans.Exported> spans = new ArrayList<>();
    for (AgentSpans.Exported span : clientSpans) {
      if (url.equals(span.attributes.get("url.full")) || named.contains(span.spanId)) {
        spans.add(span);
      }
    }
    return spans;
  }

  private List<AgentSpans.Exported> spansOfRequest(int number) {
    List<AgentSpans.Exported> spans = new ArrayList<>();
    for (TraceparentServer.Received hop : hops) {
      if (requestNumber(hop.uri) == number) {
        spans.addAll(spansOf(hop));
      }
    }
    return spans;
  }

  private String describeTraceparent(String traceparent, @Nullable Request r) {
    String[] parts = traceparent.split("-");
    if (parts.length != 4) {
      return "malformed " + traceparent;
    }
    AgentSpans.Exported span = spansById.get(parts[2]);
    String whose = span == null ? "no exported span" : span.shortScope();
    String trace =
        r != null && r.appTraceId != null && !r.appTraceId.equals(parts[1]) ? ", not the app trace" : "";
    return parts[2] + " = " + whose + trace;
  }

  private String describeParent(AgentSpans.Exported span, @Nullable Request r) {
    if (span.parentSpanId.isEmpty()) {
      return "root";
    }
    if (r != null && span.parentSpanId.equals(r.appSpanId)) {
      return "app span";
    }
    AgentSpans.Exported parent = spansById.get(span.parentSpanId);
    if (parent == null) {
      return "unexported " + span.parentSpanId;
    }
    return parent.isClient()
        ? parent.shortScope() + " " + parent.spanId
        : parent.shortScope() + " '" + parent.name + "'";
  }

  private static String parentIdOf(String traceparent) {
    String[] parts = traceparent.split("-");
    return parts.length == 4 ? parts[2] : "";
  }

  /** The {@code req} query parameter of a request target, -1 without one. */
  static int requestNumber(String uri) {
    Matcher m = REQ_PARAMETER.matcher(uri);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }
}
