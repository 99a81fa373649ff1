package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.annotations.Nullable;

/**
 * What the OpenTelemetry Java agent records for ahc-deadline and for AHC 3.0.11, and what a user
 * running the agent and ahc-deadline's extras/opentelemetry listener together gets.
 * docs/observability.md quotes its output. Run it with
 *
 * <pre>
 *   ./mvnw -B -q -ntp -pl extras/benchmarks -am package -DskipTests -Potel-agent
 * </pre>
 *
 * which copies the agent ({@code io.opentelemetry.javaagent:opentelemetry-javaagent}, version
 * property {@code otel.agent.version}) into target/otel-agent/ and runs this class.
 *
 * <p>A loopback server in this JVM (no agent here, so no server spans) records every request's
 * traceparent headers: HTTP/1.1 first, then HTTP/2 over TLS. Each client runs {@link OtelAgentClientMain} in a JVM of its own with the
 * agent and {@code -Dotel.traces.exporter=logging-otlp} (OTLP/JSON on stderr: unlike {@code
 * logging} it prints each span's parent), metrics and logs exporters off. Prints each command
 * line, a table per run and its counts; each child's output stays in target/otel-agent/ (the spans
 * in {@code <run>.log}).
 *
 * <p>Usage: {@code OtelAgentProbe [AGENT_JAR]}, by default target/otel-agent/opentelemetry-javaagent.jar.
 */
public final class OtelAgentProbe {
  /** Written by the build: opentelemetry-api and what it needs. */
  static final String OTEL_API_CLASSPATH = "otel-api.classpath";

  /** Written by the build: ahc-deadline's extras/opentelemetry module. */
  static final String OTEL_MODULE_CLASSPATH = "otel-module.classpath";

  static final List<String> AGENT_OPTIONS =
      List.of(
          "-Dotel.traces.exporter=logging-otlp",
          "-Dotel.metrics.exporter=none",
          "-Dotel.logs.exporter=none",
          "-Dotel.service.name=otel-agent-probe");

  /** Turns off the agent's Netty instrumentation, client and server alike. */
  static final String NETTY_OFF = "-Dotel.instrumentation.netty.enabled=false";

  private static final long CHILD_TIMEOUT_SECONDS = 180;

  private OtelAgentProbe() {}

  /**
   * One client JVM: what is on its classpath, the agent options beyond {@link #AGENT_OPTIONS},
   * and which mode the client program runs in.
   */
  private static final class Run {
    final String label;
    final String file;
    final String classpath;
    final List<String> options;
    final String mode;

    Run(String label, String file, String classpath, List<String> options, String mode) {
      this.label = label;
      this.file = file;
      this.classpath = classpath;
      this.options = options;
      this.mode = mode;
    }
  }

  public static void main(String[] args) throws Exception {
    Path dir = BenchPaths.target().resolve("otel-agent");
    Path agent =
        args.length > 0 ? Paths.get(args[0]) : dir.resolve("opentelemetry-javaagent.jar");
    if (!Files.isRegularFile(agent)) {
      throw new IOException(
          agent + " is missing (expected the agent jar; the otel-agent profile copies it there:"
              + " ./mvnw -B -q -ntp -pl extras/benchmarks -am package -DskipTests -Potel-agent)");
    }
    String api = BenchPaths.readClasspath(OTEL_API_CLASSPATH);
    String ours = BenchPaths.readClasspath(BenchPaths.OURS_CLASSPATH) + File.pathSeparator + api;
    String module = BenchPaths.readClasspath(OTEL_MODULE_CLASSPATH);
    List<Run> runs = new ArrayList<>();
    runs.add(new Run("ahc-deadline with the agent", "ours", ours, List.of(), "plain"));
    String ahc3 = ahc3Classpath();
    if (ahc3 != null) {
      runs.add(
          new Run(
              "AHC 3.0.11 with the agent",
              "ahc3",
              ahc3 + File.pathSeparator + api,
              List.of(),
              "plain"));
    }
    String withModule = ours + File.pathSeparator + module;
    runs.add(
        new Run(
            "ahc-deadline with extras/opentelemetry and the agent",
            "ours-module",
            withModule,
            List.of(),
            "module"));
    runs.add(
        new Run(
            "ahc-deadline with extras/opentelemetry and the agent, its Netty instrumentation off",
            "ours-module-no-netty",
            withModule,
            List.of(NETTY_OFF),
            "module"));
    System.out.println("agent: " + agent);
    for (boolean h2 : new boolean[] {false, true}) {
      try (TraceparentServer server = new TraceparentServer(h2)) {
        for (Run run : runs) {
          measure(run, h2, agent, dir, server);
        }
      }
    }
  }

  private static void measure(
      Run run, boolean h2, Path agent, Path dir, TraceparentServer server)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-javaagent:" + agent);
    command.addAll(AGENT_OPTIONS);
    command.addAll(run.options);
    command.add("-cp");
    command.add(ChildJvm.classpath(run.classpath));
    command.add(OtelAgentClientMain.class.getName());
    command.add(server.baseUrl());
    command.add(run.mode);
    String file = run.file + (h2 ? "-h2" : "-h1");
    Path out = dir.resolve(file + ".out");
    Path log = dir.resolve(file + ".log");
    System.out.println();
    System.out.println("== " + run.label + (h2 ? ", HTTP/2 over TLS" : ", HTTP/1.1"));
    System.out.println(String.join(" ", command));
    server.drain();
    Process process =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile()).start();
    if (!process.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new IOException(run.label + ": no exit in " + CHILD_TIMEOUT_SECONDS + " s; see " + log);
    }
    if (process.exitValue() != 0) {
      throw new IOException(run.label + ": exit " + process.exitValue() + "; see " + log);
    }
    List<String> logLines = Files.readAllLines(log, StandardCharsets.UTF_8);
    AgentTraceReport report =
        new AgentTraceReport(
            Files.readAllLines(out, StandardCharsets.UTF_8),
            server.drain(),
            AgentSpans.parse(logLines),
            server.baseUrl());
    System.out.print(report.table().render());
    report.summary().forEach(System.out::println);
    System.out.println("(client output: " + out + ", agent output with the spans: " + log + ")");
  }

  private static @Nullable String ahc3Classpath() {
    try {
      return BenchPaths.readClasspath(BenchPaths.AHC3_CLASSPATH);
    } catch (IOException e) {
      System.out.println("AHC 3.0.11 skipped: " + e.getMessage());
      return null;
    }
  }
}
