package org.asynchttpclient.testing;

import io.netty.channel.Channel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

/**
 * A {@link RawServer} whose routes each answer with one kind of fault (or none). The first path
 * segment picks the route; {@code /late/<millis>} and {@code /ok/<bytes>} take a number.
 *
 * <ul>
 *   <li>{@code /ok/<n>}: 200 with n bytes, keep-alive;
 *   <li>{@code /chunked}: 200, chunked in three pieces;
 *   <li>{@code /gzip}: 200, a gzip-encoded body;
 *   <li>{@code /never}: reads the request, never answers;
 *   <li>{@code /late/<ms>}: answers after ms milliseconds;
 *   <li>{@code /stall}: announces 1000 bytes, sends 10, then nothing;
 *   <li>{@code /reset}: resets the connection (SO_LINGER 0) without answering;
 *   <li>{@code /cut}: announces 1000 bytes, sends 10, then closes;
 *   <li>{@code /hostile}: Transfer-Encoding and Content-Length together.
 * </ul>
 */
public final class FaultServer {
  public static final byte[] GZIP_BODY;
  public static final int GZIP_PLAIN_LENGTH = 20_000;

  static {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      byte[] plain = new byte[GZIP_PLAIN_LENGTH];
      for (int i = 0; i < plain.length; i++) {
        plain[i] = (byte) ('a' + i % 26);
      }
      gz.write(plain);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    GZIP_BODY = out.toByteArray();
  }

  private FaultServer() {}

  public static RawServer start() throws InterruptedException {
    return RawServer.withResponder(FaultServer::answer);
  }

  private static void answer(Channel ch, String head) {
    String path = RawServer.path(head);
    String[] parts = path.split("/");
    String route = parts.length > 1 ? parts[1] : "";
    switch (route) {
      case "ok":
        int n = parts.length > 2 ? Integer.parseInt(parts[2]) : 2;
        RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: " + n + "\r\n\r\n" + "x".repeat(n));
        break;
      case "chunked":
        RawServer.write(
            ch,
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n4\r\ndefg\r\n2\r\nhi\r\n0\r\n\r\n");
        break;
      case "gzip":
        RawServer.write(
            ch,
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: "
                + GZIP_BODY.length
                + "\r\n\r\n");
        RawServer.write(ch, GZIP_BODY);
        break;
      case "never":
        break;
      case "late":
        long delay = Long.parseLong(parts[2]);
        ch.eventLoop()
            .schedule(
                () -> RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlate"),
                delay,
                TimeUnit.MILLISECONDS);
        break;
      case "stall":
        RawServer.write(ch, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n0123456789");
        break;
      case "reset":
        RawServer.reset(ch);
        break;
      case "cut":
        RawServer.writeAndClose(ch, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n0123456789");
        break;
      case "hostile":
        RawServer.write(
            ch,
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n");
        break;
      default:
        RawServer.write(ch, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
    }
  }
}
