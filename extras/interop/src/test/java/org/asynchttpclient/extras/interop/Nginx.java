package org.asynchttpclient.extras.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * nginx as a reverse proxy in front of the {@link CountingBackend}, started with a configuration
 * of its own in the test's directory (pid file, logs and temp files there too, never the system
 * ones): one {@code server} block per {@link Site}, each on a port chosen at run time, HTTP/1.1 in
 * clear or HTTP/2 over TLS (ALPN). Upstream connections are kept alive, so the proxy's side does
 * not hide the client's races behind new connections.
 *
 * <p>The access log has one line per request: {@code <X-Interop-Id> <status> <server port>
 * <protocol> <method>}.
 */
final class Nginx implements AutoCloseable {
  /** One {@code server} block: its name for the tests, its protocol and its own directives. */
  static final class Site {
    final String name;
    final boolean http2OverTls;
    final String directives;

    private Site(String name, boolean http2OverTls, String directives) {
      this.name = name;
      this.http2OverTls = http2OverTls;
      this.directives = directives;
    }

    /** HTTP/1.1 in clear text. */
    static Site http1(String name, String directives) {
      return new Site(name, false, directives);
    }

    /** HTTP/2 over TLS, with HTTP/1.1 as ALPN's other choice. */
    static Site http2(String name, String directives) {
      return new Site(name, true, directives);
    }
  }

  // immutable
  private final ServerProcess process;
  private final List<Site> sites;
  final AccessLog accessLog;

  private Nginx(ServerProcess process, List<Site> sites, AccessLog accessLog) {
    this.process = process;
    this.sites = sites;
    this.accessLog = accessLog;
  }

  /** Starts nginx (skips the calling test class when it is not installed). */
  static Nginx start(Path dir, PemFiles pem, int backendPort, List<Site> sites)
      throws IOException, InterruptedException {
    Path nginx = Machine.require("nginx", "nginx");
    Path conf = dir.resolve("nginx.conf");
    Path errorLog = dir.resolve("nginx-error.log");
    Path accessLog = dir.resolve("nginx-access.log");
    Files.createDirectories(dir.resolve("nginx-temp"));
    ServerProcess process =
        ServerProcess.startOnFreePorts(
            "nginx",
            sites.size(),
            dir,
            errorLog,
            ports -> {
              Files.writeString(conf, config(dir, pem, backendPort, sites, ports), StandardCharsets.US_ASCII);
              // -e: the error log before the configuration is read, else the system's is opened
              return List.of(
                  nginx.toString(), "-p", dir.toString(), "-c", conf.toString(), "-e", errorLog.toString());
            });
    return new Nginx(process, sites, new AccessLog(accessLog));
  }

  private static String config(Path dir, PemFiles pem, int backendPort, List<Site> sites, List<Integer> ports) {
    Path temp = dir.resolve("nginx-temp");
    StringBuilder c = new StringBuilder();
    if (Machine.isRoot()) {
      // as root the workers would run as nobody, who cannot enter the test's directory
      c.append("user root;\n");
    }
    c.append("worker_processes 1;\n")
        .append("daemon off;\n")
        .append("pid ").append(dir.resolve("nginx.pid")).append(";\n")
        .append("error_log ").append(dir.resolve("nginx-error.log")).append(" warn;\n")
        .append("events { worker_connections 1024; }\n")
        .append("http {\n")
        .append("  log_format interop '$http_x_interop_id $status $server_port $server_protocol $request_method';\n")
        .append("  access_log ").append(dir.resolve("nginx-access.log")).append(" interop;\n");
    for (String kind : new String[] {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"}) {
      c.append("  ").append(kind).append("_temp_path ").append(temp.resolve(kind)).append(";\n");
    }
    c.append("  upstream backend { server 127.0.0.1:").append(backendPort).append("; keepalive 64; }\n")
        .append("  proxy_http_version 1.1;\n")
        .append("  proxy_set_header Connection \"\";\n");
    for (int i = 0; i < sites.size(); i++) {
      Site site = sites.get(i);
      c.append("  # ").append(site.name).append("\n  server {\n")
          .append("    listen 127.0.0.1:").append(ports.get(i))
          .append(site.http2OverTls ? " ssl http2" : "").append(";\n");
      if (site.http2OverTls) {
        c.append("    ssl_certificate ").append(pem.certificate).append(";\n")
            .append("    ssl_certificate_key ").append(pem.privateKey).append(";\n");
      }
      c.append("    ").append(site.directives).append("\n")
          .append("    location / { proxy_pass http://backend; }\n")
          .append("  }\n");
    }
    return c.append("}\n").toString();
  }

  /** The port of the site called {@code name}. */
  int port(String name) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < sites.size(); i++) {
      if (sites.get(i).name.equals(name)) {
        return process.port(i);
      }
      names.add(sites.get(i).name);
    }
    throw new IllegalArgumentException("site: " + name + " (expected one of " + names + ")");
  }


  @Override
  public void close() {
    process.close();
  }
}
