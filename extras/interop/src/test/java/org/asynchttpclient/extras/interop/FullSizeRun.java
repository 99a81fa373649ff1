package org.asynchttpclient.extras.interop;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.extras.interop.Nginx.Site;

/**
 * The full-size figures of issue 43 (not a test: minutes long, and it reports rather than
 * asserts): nginx, HTTP/2 over TLS, {@code keepalive_requests 100}, 32 requests in flight, 20000
 * POSTs and 20000 GETs; h2o closing connections idle for one second, 16 clients of 25 requests
 * each, POST and GET. Each load runs in a child JVM ({@link LoadMain}) with ahc-deadline, and with
 * AsyncHttpClient 3.0.14 when given its classpath; the servers and the counting backend run here,
 * so each figure line also says how many failed requests never reached the backend and how many
 * POSTs reached it twice.
 *
 * <p>Run it through the module's profile (builds the client, then runs this at the end of {@code
 * integration-test}):
 *
 * <pre>
 *   ./mvnw -B -ntp -pl extras/interop -am verify -Pfull-size -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * With AHC 3.0.14 beside it, first write its classpath (Maven Central; never on this module's own
 * classpath, since its packages are ours), then pass the file:
 *
 * <pre>
 *   ./mvnw -B -q -ntp -f extras/benchmarks/ahc3/pom.xml dependency:build-classpath@ahc3 \
 *       -Dahc.reference.version=3.0.14 -Dahc3.classpath.file=$PWD/extras/interop/target/ahc3014.classpath
 *   ./mvnw ... -Pfull-size -Dinterop.full.args="--ahc3014 $PWD/extras/interop/target/ahc3014.classpath"
 * </pre>
 *
 * Options: {@code --ahc3014 FILE}, {@code --requests N} (per method, default 20000), {@code
 * --rounds N} (h2o, default 25), {@code --only nginx|h2o}.
 */
public final class FullSizeRun {
  private FullSizeRun() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    int requests = Integer.parseInt(options.getOrDefault("--requests", "20000"));
    int rounds = Integer.parseInt(options.getOrDefault("--rounds", "25"));
    String only = options.getOrDefault("--only", "");
    Map<String, String> clients = new LinkedHashMap<>();
    clients.put("ahc-deadline", System.getProperty("java.class.path"));
    String ahc3014 = options.get("--ahc3014");
    if (ahc3014 != null) {
      // LoadMain's own directory first: it is the only class of this module the child loads
      String loadClasses =
          Paths.get(LoadMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      String classpath = Files.readString(Paths.get(ahc3014), StandardCharsets.UTF_8).trim();
      clients.put("ahc-3.0.14", loadClasses + File.pathSeparator + classpath);
    }
    Path dir = Files.createTempDirectory("interop-full-size");
    System.out.println("[full-size] logs and configurations in " + dir);
    try (CountingBackend backend = new CountingBackend()) {
      PemFiles pem = PemFiles.write(dir);
      if (!"h2o".equals(only)) {
        Path nginxDir = Files.createDirectories(dir.resolve("nginx"));
        try (Nginx nginx =
            Nginx.start(nginxDir, pem, backend.port(), List.of(Site.http2("goaway", "keepalive_requests 100;")))) {
          String url = "https://127.0.0.1:" + nginx.port("goaway") + "/full";
          for (Map.Entry<String, String> client : clients.entrySet()) {
            for (String method : new String[] {"POST", "GET"}) {
              String prefix = client.getKey() + "-nginx-" + method + "-";
              List<String> out = load(client.getValue(), "concurrent", url, method, prefix,
                  String.valueOf(requests), "32");
              report(client.getKey() + " nginx h2 keepalive_requests 100, 32 in flight, " + method, out, prefix,
                  backend, nginx.accessLog);
            }
          }
        }
      }
      if (!"nginx".equals(only)) {
        Path h2oDir = Files.createDirectories(dir.resolve("h2o"));
        try (H2o h2o = H2o.start(h2oDir, pem, backend.port(), "http2-idle-timeout: 1")) {
          String url = "https://127.0.0.1:" + h2o.port() + "/full";
          for (Map.Entry<String, String> client : clients.entrySet()) {
            for (String method : new String[] {"POST", "GET"}) {
              String prefix = client.getKey() + "-h2o-" + method + "-";
              List<String> out = load(client.getValue(), "paced", url, method, prefix, "16",
                  String.valueOf(rounds), "1000", "10");
              report(client.getKey() + " h2o h2 idle timeout 1 s, 16 clients x " + rounds + ", " + method, out,
                  prefix, backend, h2o.accessLog);
            }
          }
        }
      }
    }
  }

  /** Runs {@link LoadMain} in a child JVM with {@code classpath}; returns its output lines. */
  private static List<String> load(String classpath, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.add("-cp");
    command.add(classpath);
    command.add(LoadMain.class.getName());
    command.addAll(List.of(args));
    Path out = Files.createTempFile("interop-load", ".out");
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
      if (!process.waitFor(15, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IOException("load did not finish in 15 minutes: " + command);
      }
      return Files.readAllLines(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static void report(
      String title, List<String> out, String prefix, CountingBackend backend, AccessLog accessLog)
      throws IOException {
    List<String> failed = new ArrayList<>();
    System.out.println("[full-size] " + title);
    for (String line : out) {
      if (line.startsWith("failedIds=")) {
        String ids = line.substring("failedIds=".length());
        if (!ids.isEmpty()) {
          failed.addAll(List.of(ids.split(",", -1)));
        }
      } else if (!line.startsWith("\tat ") && !line.startsWith("SLF4J")) {
        System.out.println("[full-size]   " + line);
      }
    }
    Map<String, String> logged = accessLog.statuses();
    long unreached = failed.stream().filter(id -> backend.count(id) == 0).count();
    long inLog = failed.stream().filter(logged::containsKey).count();
    System.out.printf(
        "[full-size]   failed: %d, of which never reached the backend: %d, in the server's access log: %d;"
            + " POSTs at the backend twice or more: %d, GETs: %d%n",
        failed.size(), unreached, inLog, backend.duplicates(prefix, "POST").size(),
        backend.duplicates(prefix, "GET").size());
  }
}
