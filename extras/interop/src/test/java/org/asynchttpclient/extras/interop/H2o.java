package org.asynchttpclient.extras.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * h2o (2.2 in Debian 12) as an HTTP/2-over-TLS reverse proxy in front of the {@link
 * CountingBackend}, on a port chosen at run time, with a configuration of its own in the test's
 * directory. {@code directives} are top-level settings (the idle timeout a test is about). OCSP
 * stapling is off: it would fork a fetcher for a certificate that names no responder.
 *
 * <p>The access log has one line per request: {@code <X-Interop-Id> <status> <protocol> <method>}.
 */
final class H2o implements AutoCloseable {
  // immutable
  private final ServerProcess process;
  final AccessLog accessLog;

  private H2o(ServerProcess process, AccessLog accessLog) {
    this.process = process;
    this.accessLog = accessLog;
  }

  /** Starts h2o (skips the calling test class when it is not installed). */
  static H2o start(Path dir, PemFiles pem, int backendPort, String directives)
      throws IOException, InterruptedException {
    Path h2o = Machine.require("h2o", "h2o");
    Path conf = dir.resolve("h2o.conf");
    Path errorLog = dir.resolve("h2o-error.log");
    Path accessLog = dir.resolve("h2o-access.log");
    ServerProcess process =
        ServerProcess.startOnFreePorts(
            "h2o",
            1,
            dir,
            errorLog,
            ports -> {
              Files.writeString(
                  conf, config(dir, pem, backendPort, directives, ports.get(0)), StandardCharsets.US_ASCII);
              return List.of(h2o.toString(), "-c", conf.toString());
            });
    return new H2o(process, new AccessLog(accessLog));
  }

  private static String config(Path dir, PemFiles pem, int backendPort, String directives, int port) {
    // as root h2o would switch to nobody, who cannot write in the test's directory
    return (Machine.isRoot() ? "user: root\n" : "")
        + "pid-file: " + dir.resolve("h2o.pid") + "\n"
        + "error-log: " + dir.resolve("h2o-error.log") + "\n"
        + directives + "\n"
        + "listen:\n"
        + "  host: 127.0.0.1\n"
        + "  port: " + port + "\n"
        + "  ssl:\n"
        + "    certificate-file: " + pem.certificate + "\n"
        + "    key-file: " + pem.privateKey + "\n"
        + "    ocsp-update-interval: 0\n"
        + "hosts:\n"
        + "  default:\n"
        + "    paths:\n"
        + "      /:\n"
        + "        proxy.reverse.url: http://127.0.0.1:" + backendPort + "/\n"
        + "    access-log:\n"
        + "      path: " + dir.resolve("h2o-access.log") + "\n"
        + "      format: \"%{x-interop-id}i %s %H %m\"\n";
  }

  int port() {
    return process.port(0);
  }


  @Override
  public void close() {
    process.close();
  }
}
