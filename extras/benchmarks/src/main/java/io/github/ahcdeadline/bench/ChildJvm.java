package io.github.ahcdeadline.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Runs a driver main class in a fresh JVM with a given classpath and the same JVM options for every
 * client, and returns what it printed. A non-zero exit, or no exit within the time limit, is an
 * {@link IOException} carrying the tail of the child's stderr. A {@link LineListener} sees each
 * line of the child's stdout as it comes, which is how a parent acts at a moment the child chooses
 * (such as {@link Meter#WINDOW_START}).
 */
final class ChildJvm {
  /** What the parent does with each line of a child's stdout while the child runs. */
  interface LineListener {
    /**
     * Called on the child's reader thread, once per line, in order; {@code pid} is the child's.
     * It should return quickly: the child blocks once the pipe is full.
     */
    void onLine(long pid, String line);
  }

  /** A listener that does nothing with the lines. */
  static final LineListener IGNORE = (pid, line) -> {};

  /** The system property that picks the children's collector (G1 when absent). */
  static final String GC_PROPERTY = "bench.childGc";

  /**
   * The same heap and GC for every child, so no client gets a roomier JVM than another. The
   * collector is G1 unless {@value #GC_PROPERTY} names another ({@code -Dbench.childGc=Z} on the
   * Maven command line), to see how much of a tail is the collector's.
   */
  static final List<String> JVM_OPTIONS = options(System.getProperty(GC_PROPERTY, "G1"));

  /** The children's JVM options with collector {@code gc}: G1, Z, Parallel or Serial. */
  static List<String> options(String gc) {
    if (!List.of("G1", "Z", "Parallel", "Serial").contains(gc)) {
      throw new IllegalArgumentException(
          GC_PROPERTY + ": " + gc + " (expected G1, Z, Parallel or Serial)");
    }
    return List.of("-Xms512m", "-Xmx512m", "-XX:+Use" + gc + "GC");
  }

  private ChildJvm() {}

  /** The prefix of the client options a child inherits from the parent's system properties. */
  static final String CLIENT_OPTION_PREFIX = "org.asynchttpclient.";

  /**
   * {@code -Dkey=value} for each of {@code properties} named {@value #CLIENT_OPTION_PREFIX}..., in
   * name order: both clients read their defaults from such system properties, so {@code
   * -Dorg.asynchttpclient.http2MaxConnectionsPerPartition=1} on the Maven command line reaches
   * every child (an option one client does not know it ignores).
   */
  static List<String> forwardedClientOptions(Properties properties) {
    List<String> options = new ArrayList<>();
    for (String name : new TreeSet<>(properties.stringPropertyNames())) {
      if (name.startsWith(CLIENT_OPTION_PREFIX)) {
        options.add("-D" + name + "=" + properties.getProperty(name));
      }
    }
    return options;
  }

  /** The classpath of a child: the client's runtime classpath, then the driver classes. */
  static String classpath(String clientClasspath) {
    String classes = BenchPaths.classes().toString();
    return clientClasspath.isEmpty() ? classes : clientClasspath + File.pathSeparator + classes;
  }

  static List<String> run(String classpath, Class<?> mainClass, long timeoutSeconds, String... args)
      throws IOException, InterruptedException {
    return run(List.of(), classpath, mainClass, timeoutSeconds, args);
  }

  /** Like {@link #run(String, Class, long, String...)}, with {@code prefix} before {@code java}. */
  static List<String> run(
      List<String> prefix, String classpath, Class<?> mainClass, long timeoutSeconds, String... args)
      throws IOException, InterruptedException {
    return run(prefix, classpath, mainClass, timeoutSeconds, IGNORE, args);
  }

  /** Like {@link #run(List, String, Class, long, String...)}, with a listener on stdout. */
  static List<String> run(
      List<String> prefix,
      String classpath,
      Class<?> mainClass,
      long timeoutSeconds,
      LineListener listener,
      String... args)
      throws IOException, InterruptedException {
    return run(prefix, List.of(), classpath, mainClass, timeoutSeconds, listener, args);
  }

  /**
   * Like {@link #run(List, String, Class, long, LineListener, String...)}, with {@code jvmOptions}
   * (such as {@code -Dorg.asynchttpclient.hedgeDelay=PT0.01S}) after the common options and the
   * forwarded client options, so that a row's own setting wins over one forwarded from the parent.
   */
  static List<String> run(
      List<String> prefix,
      List<String> jvmOptions,
      String classpath,
      Class<?> mainClass,
      long timeoutSeconds,
      LineListener listener,
      String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(prefix);
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM_OPTIONS);
    command.addAll(forwardedClientOptions(System.getProperties()));
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classpath);
    command.add(mainClass.getName());
    command.addAll(Arrays.asList(args));
    Path err = Files.createTempFile("bench-child", ".err");
    try {
      Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
      List<String> out = Collections.synchronizedList(new ArrayList<>());
      Thread reader = new Thread(() -> readLines(process, out, listener), "child-stdout");
      reader.setDaemon(true);
      reader.start();
      boolean exited = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
      if (!exited) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new IOException(
            mainClass.getSimpleName() + " did not finish in " + timeoutSeconds + " s" + tail(err));
      }
      // The pipe ends with the child; the wait bounds a grandchild that kept it open.
      reader.join(10_000);
      if (process.exitValue() != 0) {
        throw new IOException(
            mainClass.getSimpleName() + " exited with " + process.exitValue() + tail(err));
      }
      synchronized (out) {
        return new ArrayList<>(out);
      }
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static void readLines(Process process, List<String> out, LineListener listener) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        out.add(line);
        try {
          listener.onLine(process.pid(), line);
        } catch (RuntimeException e) {
          // A failing listener must not stop the draining, or the child would block on a full pipe.
          System.err.println("child stdout listener failed on '" + line + "': " + e);
        }
      }
    } catch (IOException e) {
      // The child was destroyed; what it printed so far is all there is.
    }
  }

  /** The rest of the first line that starts with {@code tag} and a space, or "" if none does. */
  static String tagged(List<String> output, String tag) {
    String prefix = tag + " ";
    for (String line : output) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
    return "";
  }

  /** The value of {@code key=} in the line that starts with {@code RESULT }. */
  static String field(List<String> output, String key) throws IOException {
    for (String line : output) {
      if (line.startsWith("RESULT ")) {
        return fieldOf(line, key);
      }
    }
    throw new IOException("no RESULT line in child output: " + output);
  }

  /**
   * The value of {@code key=} in a {@code RESULT k1=v1 k2=v2 ...} line. Values end at the next
   * space, except those of keys starting with {@code first} (free text such as an exception), which
   * the children print last and which run to the end of the line.
   */
  static String fieldOf(String line, String key) throws IOException {
    String marker = " " + key + "=";
    int start = line.indexOf(marker);
    if (start < 0) {
      throw new IOException("no " + key + "= in " + line);
    }
    start += marker.length();
    int end = line.indexOf(' ', start);
    return key.startsWith("first") || end < 0 ? line.substring(start) : line.substring(start, end);
  }

  private static String tail(Path err) throws IOException {
    List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
    int from = Math.max(0, lines.size() - 15);
    return lines.isEmpty() ? "" : ":\n  " + String.join("\n  ", lines.subList(from, lines.size()));
  }
}
