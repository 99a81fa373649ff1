package org.asynchttpclient.extras.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * HAProxy in {@code mode http} in front of the {@link CountingBackend}, HTTP/1.1 in clear text on
 * a port chosen at run time, started in the foreground ({@code -db}) with a configuration of its
 * own in the test's directory. {@code directives} go into its {@code defaults} section (the
 * timeouts a test is about).
 */
final class Haproxy implements AutoCloseable {
  // immutable
  private final ServerProcess process;

  private Haproxy(ServerProcess process) {
    this.process = process;
  }

  /** Starts HAProxy (skips the calling test class when it is not installed). */
  static Haproxy start(Path dir, int backendPort, String directives) throws IOException, InterruptedException {
    Path haproxy = Machine.require("haproxy", "haproxy");
    Path conf = dir.resolve("haproxy.cfg");
    ServerProcess process =
        ServerProcess.startOnFreePorts(
            "haproxy",
            1,
            dir,
            dir.resolve("haproxy.out"),
            ports -> {
              Files.writeString(conf, config(backendPort, directives, ports.get(0)), StandardCharsets.US_ASCII);
              return List.of(haproxy.toString(), "-db", "-f", conf.toString());
            });
    return new Haproxy(process);
  }

  private static String config(int backendPort, String directives, int port) {
    return "global\n"
        + "  maxconn 512\n"
        + "defaults\n"
        + "  mode http\n"
        + "  timeout connect 5s\n"
        + "  timeout client 30s\n"
        + "  timeout server 30s\n"
        + "  " + directives + "\n"
        + "frontend interop\n"
        + "  bind 127.0.0.1:" + port + "\n"
        + "  default_backend counting\n"
        + "backend counting\n"
        + "  server backend 127.0.0.1:" + backendPort + "\n";
  }

  int port() {
    return process.port(0);
  }


  @Override
  public void close() {
    process.close();
  }
}
