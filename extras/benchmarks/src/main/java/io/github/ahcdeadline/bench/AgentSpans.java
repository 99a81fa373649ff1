package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.asynchttpclient.extras.opentelemetry.AsyncHttpClientTelemetry;
import org.jetbrains.annotations.Nullable;

/**
 * The spans an OpenTelemetry agent printed with {@code -Dotel.traces.exporter=logging-otlp}:
 * OTLP/JSON on a line of its own after the logger's prefix, one {@code ResourceSpans} per line
 * (agent 2.22.0), or a whole {@code ExportTraceServiceRequest} ({@code {"resourceSpans":[...]}}).
 * That exporter, unlike {@code logging}, prints each span's parent.
 */
final class AgentSpans {
  /** OTLP's SpanKind number for CLIENT. */
  static final int KIND_CLIENT = 3;

  private static final String DOCUMENT_START = "{\"resource";

  /** One exported span; the attributes with string or integer values, as text. */
  static final class Exported {
    final String scope;
    final String name;
    final int kind;
    final String traceId;
    final String spanId;
    /** Empty for a root span. */
    final String parentSpanId;

    final Map<String, String> attributes;

    Exported(
        String scope,
        String name,
        int kind,
        String traceId,
        String spanId,
        String parentSpanId,
        Map<String, String> attributes) {
      this.scope = scope;
      this.name = name;
      this.kind = kind;
      this.traceId = traceId;
      this.spanId = spanId;
      this.parentSpanId = parentSpanId;
      this.attributes = Collections.unmodifiableMap(new HashMap<>(attributes));
    }

    boolean isClient() {
      return kind == KIND_CLIENT;
    }

    /**
     * The scope without the agent's {@code io.opentelemetry.} prefix; ahc-deadline's module as
     * {@code extras/opentelemetry}.
     */
    String shortScope() {
      if (scope.equals(AsyncHttpClientTelemetry.INSTRUMENTATION_SCOPE)) {
        return "extras/opentelemetry";
      }
      return scope.startsWith("io.opentelemetry.")
          ? scope.substring("io.opentelemetry.".length())
          : scope;
    }

    @Override
    public String toString() {
      return shortScope() + " " + name + " " + traceId + "-" + spanId + " parent=" + parentSpanId;
    }
  }

  private AgentSpans() {}

  /** Every span in the OTLP/JSON documents among {@code lines}; other lines are skipped. */
  static List<Exported> parse(List<String> lines) {
    List<Exported> spans = new ArrayList<>();
    for (String line : lines) {
      int start = line.indexOf(DOCUMENT_START);
      if (start >= 0) {
        collect(map(OtlpJson.parse(line, start)), spans);
      }
    }
    return spans;
  }

  private static void collect(Map<String, Object> document, List<Exported> into) {
    List<Object> resources =
        document.containsKey("resourceSpans") ? list(document.get("resourceSpans")) : List.of(document);
    for (Object resourceSpans : resources) {
      for (Object scopeSpans : list(map(resourceSpans).get("scopeSpans"))) {
        Map<String, Object> scoped = map(scopeSpans);
        String scope = text(map(scoped.get("scope")).get("name"));
        for (Object span : list(scoped.get("spans"))) {
          into.add(exported(scope, map(span)));
        }
      }
    }
  }

  private static Exported exported(String scope, Map<String, Object> span) {
    Map<String, String> attributes = new HashMap<>();
    for (Object attribute : list(span.get("attributes"))) {
      Map<String, Object> kv = map(attribute);
      Map<String, Object> value = map(kv.get("value"));
      Object v = value.containsKey("stringValue") ? value.get("stringValue") : value.get("intValue");
      if (v != null) {
        attributes.put(text(kv.get("key")), v instanceof Double ? number(v) : text(v));
      }
    }
    Object kind = span.get("kind");
    return new Exported(
        scope,
        text(span.get("name")),
        kind instanceof Double ? ((Double) kind).intValue() : kindNumber(text(kind)),
        text(span.get("traceId")),
        text(span.get("spanId")),
        span.containsKey("parentSpanId") ? text(span.get("parentSpanId")) : "",
        attributes);
  }

  /** The number of a kind written by name (the OTLP/JSON spec asks for numbers; some print names). */
  private static int kindNumber(String name) {
    List<String> names =
        List.of(
            "SPAN_KIND_UNSPECIFIED",
            "SPAN_KIND_INTERNAL",
            "SPAN_KIND_SERVER",
            "SPAN_KIND_CLIENT",
            "SPAN_KIND_PRODUCER",
            "SPAN_KIND_CONSUMER");
    int kind = names.indexOf(name);
    if (kind < 0) {
      throw new IllegalArgumentException("span kind: " + name + " (expected one of " + names + ")");
    }
    return kind;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(@Nullable Object value) {
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("OTLP/JSON: " + value + " (expected an object)");
    }
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(@Nullable Object value) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List)) {
      throw new IllegalArgumentException("OTLP/JSON: " + value + " (expected an array)");
    }
    return (List<Object>) value;
  }

  private static String text(@Nullable Object value) {
    if (!(value instanceof String)) {
      throw new IllegalArgumentException("OTLP/JSON: " + value + " (expected a string)");
    }
    return (String) value;
  }

  private static String number(Object value) {
    return Long.toString(((Double) value).longValue());
  }
}
