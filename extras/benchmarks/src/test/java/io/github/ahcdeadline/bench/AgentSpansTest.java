package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading the agent's logging-otlp lines, and matching their spans with what a server received. */
class AgentSpansTest {
  private static final String BASE = "http://127.0.0.1:8080";
  private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
  private static final String APP = "00000000000000a1";
  private static final String NETTY = "00000000000000b1";
  private static final String MODULE = "00000000000000c1";

  private static String span(String id, String parent, int kind, String url) {
    return "{\"traceId\":\"" + TRACE + "\",\"spanId\":\"" + id + "\""
        + (parent.isEmpty() ? "" : ",\"parentSpanId\":\"" + parent + "\"")
        + ",\"name\":\"GET\",\"kind\":" + kind
        + ",\"attributes\":[{\"key\":\"url.full\",\"value\":{\"stringValue\":\"" + url + "\"}},"
        + "{\"key\":\"server.port\",\"value\":{\"intValue\":\"8080\"}}]}";
  }

  /** One ResourceSpans per line behind the logger's prefix, as agent 2.22.0 prints them. */
  private static List<String> agentLog() {
    String url = BASE + "/hop?req=5";
    return List.of(
        "[otel.javaagent 2026-01-01 00:00:00:000 +0000] [main] INFO io.opentelemetry.javaagent.tooling.VersionLogger - version: 2.22.0",
        "[otel.javaagent ...] INFO io.opentelemetry.exporter.logging.otlp.OtlpJsonLoggingSpanExporter - "
            + "{\"resource\":{\"attributes\":[]},\"scopeSpans\":["
            + "{\"scope\":{\"name\":\"io.opentelemetry.netty-4.1\",\"version\":\"2.22.0\"},\"spans\":["
            + span(NETTY, APP, 3, url) + "]},"
            + "{\"scope\":{\"name\":\"org.asynchttpclient.extras.opentelemetry\"},\"spans\":["
            + span(MODULE, APP, 3, url) + "]},"
            + "{\"scope\":{\"name\":\"otel-agent-probe\"},\"spans\":[" + span(APP, "", 1, "") + "]}]}");
  }

  @Test
  void readsEverySpanWithItsScopeParentAndAttributes() {
    List<AgentSpans.Exported> spans = AgentSpans.parse(agentLog());
    assertEquals(3, spans.size(), spans.toString());
    AgentSpans.Exported netty = spans.get(0);
    assertEquals("netty-4.1", netty.shortScope());
    assertTrue(netty.isClient());
    assertEquals(APP, netty.parentSpanId);
    assertEquals(BASE + "/hop?req=5", netty.attributes.get("url.full"));
    assertEquals("8080", netty.attributes.get("server.port"));
    assertEquals("extras/opentelemetry", spans.get(1).shortScope());
    assertEquals("", spans.get(2).parentSpanId, "a root span has no parent");
  }

  @Test
  void readsAWholeExportRequestAndKindsWrittenByName() {
    String line =
        "INFO: {\"resourceSpans\":[{\"scopeSpans\":[{\"scope\":{\"name\":\"s\"},\"spans\":["
            + span(NETTY, "", 1, "u").replace("\"kind\":1", "\"kind\":\"SPAN_KIND_CLIENT\"")
            + "]}]}]}";
    List<AgentSpans.Exported> spans = AgentSpans.parse(List.of(line));
    assertEquals(1, spans.size());
    assertTrue(spans.get(0).isClient());
  }

  @Test
  void malformedJsonNamesWhereItStopped() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AgentSpans.parse(List.of("{\"resource\":{\"attributes\":[1 2]}}")));
    assertEquals("JSON at offset 29: '2]}}' (expected ']')", e.getMessage());
  }

  @Test
  void aHopListsItsClientSpansTheirParentsAndWhoseTraceparentWasSent() {
    List<TraceparentServer.Received> hops =
        List.of(new TraceparentServer.Received("/hop?req=5", List.of("00-" + TRACE + "-" + NETTY + "-01")));
    AgentTraceReport report =
        new AgentTraceReport(
            List.of("REQUEST req=5 status=200 app=" + TRACE + "-" + APP),
            hops,
            AgentSpans.parse(agentLog()),
            BASE);
    String table = report.table().render();
    assertTrue(
        table.contains(
            "00000000000000b1 = netty-4.1 | netty-4.1 00000000000000b1 <- app span;"
                + " extras/opentelemetry 00000000000000c1 <- app span"),
        table);
    assertEquals(
        List.of(
            "requests: 1, hops the server received: 1, CLIENT spans: 2 {netty-4.1=1, extras/opentelemetry=1}",
            "hops with one traceparent: 1, with several: 0, with none: 0",
            "CLIENT spans per hop: 2; matched to no hop: 0",
            "requests inside an app span with every CLIENT span in its trace: 1 of 1 -> 1;"
                + " requests outside with a root CLIENT span: 0 -> 0"),
        report.summary());
  }

  @Test
  void aHopWithoutSpansOrHeadersSaysSo() {
    AgentTraceReport report =
        new AgentTraceReport(
            List.of("REQUEST req=1 status=0 app=none"),
            List.of(new TraceparentServer.Received("/hop?req=1", List.of())),
            List.of(),
            BASE);
    String table = report.table().render();
    assertTrue(table.contains("1   | no response |        - | /hop?req=1 |"), table);
    assertEquals("hops with one traceparent: 0, with several: 0, with none: 1", report.summary().get(1));
  }
}
