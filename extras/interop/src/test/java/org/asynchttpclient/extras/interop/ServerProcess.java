package org.asynchttpclient.extras.interop;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A server (nginx, HAProxy, h2o) run as a child process in the foreground, its output in a file of
 * the test's directory. {@link #start} returns once every port it should listen on accepts a
 * connection; {@link #close} stops it and whatever it forked (nginx's workers), politely first,
 * then by force, and a shutdown hook does the same if the test JVM exits first.
 *
 * <p>Threads: the test's; {@link #close} may run twice (the test, the hook).
 */
final class ServerProcess implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration STOP_GRACE = Duration.ofSeconds(3);
  private static final int START_ATTEMPTS = 3;

  /** Writes a server's configuration for the ports it is given, and returns its command line. */
  interface Launch {
    List<String> configure(List<Integer> ports) throws IOException;
  }

  // immutable
  private final String name;
  private final Process process;
  private final Path output;
  private final Path errorLog;
  private final Thread hook;

  // written once by startOnFreePorts before the server is handed out; read by the test thread
  private List<Integer> ports = List.of();

  private ServerProcess(String name, Process process, Path output, Path errorLog) {
    this.name = name;
    this.process = process;
    this.output = output;
    this.errorLog = errorLog;
    this.hook = new Thread(this::stop, "interop-stop-" + name);
  }

  /**
   * Starts a server on {@code portCount} ports of 127.0.0.1 chosen now, with the configuration
   * {@code launch} writes for them; with new ports if another process took one first.
   */
  static ServerProcess startOnFreePorts(
      String name, int portCount, Path dir, Path errorLog, Launch launch)
      throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      List<Integer> ports = Machine.freePorts(portCount);
      List<String> command = launch.configure(ports);
      try {
        ServerProcess server = start(name, command, dir, errorLog, ports);
        server.ports = List.copyOf(ports);
        return server;
      } catch (IOException e) {
        String message = String.valueOf(e.getMessage());
        if (attempt >= START_ATTEMPTS || !message.contains("in use")) {
          throw e;
        }
        // a port was taken between the choice and the bind: choose again
        Files.deleteIfExists(errorLog);
      }
    }
  }

  /**
   * Runs {@code command} in {@code dir} and waits until each of {@code ports} on 127.0.0.1
   * accepts. {@code errorLog} is the server's own log, quoted when it fails to start.
   *
   * @throws IOException if it could not start, exited, or did not listen in time; the message
   *     quotes its output and error log
   */
  private static ServerProcess start(
      String name, List<String> command, Path dir, Path errorLog, List<Integer> ports)
      throws IOException, InterruptedException {
    Path output = dir.resolve(name + ".out");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    ServerProcess server = new ServerProcess(name, process, output, errorLog);
    Runtime.getRuntime().addShutdownHook(server.hook);
    try {
      for (int port : ports) {
        server.awaitListening(port, System.nanoTime() + START_TIMEOUT.toNanos());
      }
      return server;
    } catch (IOException | InterruptedException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** Polls the port; the wait between two tries is the wait for the process to exit. */
  private void awaitListening(int port, long deadlineNanos) throws IOException, InterruptedException {
    while (true) {
      try (Socket probe = new Socket()) {
        probe.connect(new InetSocketAddress(Machine.LOOPBACK, port), 200);
        return;
      } catch (IOException notYet) {
        // not listening yet
      }
      if (process.waitFor(20, TimeUnit.MILLISECONDS)) {
        throw new IOException(
            name + " exited with status " + process.exitValue() + " before listening on 127.0.0.1:"
                + port + "\n" + diagnostics());
      }
      if (System.nanoTime() - deadlineNanos > 0) {
        throw new IOException(
            name + ": 127.0.0.1:" + port + " not accepting after " + START_TIMEOUT.toMillis()
                + " ms (expected the server to listen)\n" + diagnostics());
      }
    }
  }

  /** The process's output and the end of its error log, for a failure message. */
  private String diagnostics() {
    return "--- " + output + ":\n" + tail(output) + "\n--- " + errorLog + ":\n" + tail(errorLog);
  }

  private static String tail(Path file) {
    try {
      if (!Files.exists(file)) {
        return "(none)";
      }
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return lines.subList(Math.max(0, lines.size() - 20), lines.size()).stream()
          .collect(Collectors.joining("\n"));
    } catch (IOException e) {
      return "(unreadable: " + e + ")";
    }
  }

  /** The ports it listens on, in the order its configuration was given them. */
  int port(int index) {
    return ports.get(index);
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: it stops what is left
    }
  }

  private void stop() {
    List<ProcessHandle> children = new ArrayList<>();
    process.descendants().forEach(children::add);
    process.destroy();
    try {
      if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    for (ProcessHandle child : children) {
      if (child.isAlive()) {
        child.destroyForcibly();
      }
    }
  }
}
