package org.asynchttpclient.extras.interop;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** What the tests need to know of this machine: where a server's binary is, free ports, root. */
final class Machine {
  /** Where Debian puts server binaries, searched after PATH (a non-root PATH often lacks sbin). */
  private static final List<String> SBIN = List.of("/usr/sbin", "/usr/local/sbin", "/sbin", "/usr/bin");

  /** 127.0.0.1 itself: the tests never use another address, nor a name that could resolve to one. */
  static final InetAddress LOOPBACK = loopback();

  // any thread
  private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

  private Machine() {}

  private static InetAddress loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException impossible) {
      throw new AssertionError(impossible);
    }
  }

  /** The executable called {@code name} on PATH or in an sbin directory. */
  static Optional<Path> find(String name) {
    Set<String> dirs = new LinkedHashSet<>();
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(File.pathSeparator, -1)) {
        if (!dir.isEmpty()) {
          dirs.add(dir);
        }
      }
    }
    dirs.addAll(SBIN);
    for (String dir : dirs) {
      Path candidate = Paths.get(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * The executable {@code name}, or skips the calling test (a JUnit assumption) with a message
   * naming it and saying how to install it; the message is also printed, once per name, so that
   * a build log shows it even where a report leaves skips out.
   */
  static Path require(String name, String debianPackage) {
    Optional<Path> found = find(name);
    if (found.isEmpty()) {
      String message =
          name + " not found on PATH nor in " + SBIN + ": its interop tests are skipped (install the Debian"
              + " package " + debianPackage + ", e.g. as root: extras/interop/install-servers.sh)";
      if (REPORTED.add(name)) {
        System.out.println("[interop] " + message);
      }
      assumeTrue(false, message);
    }
    return found.get();
  }

  /** Whether this JVM runs as root (the servers then need a user directive of their own). */
  static boolean isRoot() {
    return "root".equals(ProcessHandle.current().info().user().orElse(System.getProperty("user.name")));
  }

  /**
   * {@code count} distinct ports of 127.0.0.1 free a moment ago, for a server that must be told its
   * port (nginx, HAProxy, h2o bind no port 0 that a test could read back). Another process may
   * take one before the server binds it: the caller starts again with new ports then.
   */
  static List<Integer> freePorts(int count) throws IOException {
    List<ServerSocket> held = new ArrayList<>();
    try {
      List<Integer> ports = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ServerSocket socket = new ServerSocket(0, 1, LOOPBACK);
        held.add(socket);
        ports.add(socket.getLocalPort());
      }
      return ports;
    } finally {
      for (ServerSocket socket : held) {
        socket.close();
      }
    }
  }
}
