package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A local address that black-holes connects, for the connect benchmarks: a listener that never
 * accepts, its backlog filled by connections of its own, so the kernel drops every further SYN
 * (Linux) and a client's connect to it waits for its connect timeout, as it would for a dead host.
 */
final class BlackHoleAddress implements AutoCloseable {
  private final ServerSocket listener;
  private final List<Socket> fillers = new ArrayList<>();

  private BlackHoleAddress(ServerSocket listener) {
    this.listener = listener;
  }

  /** Binds {@code ip}:{@code port} and fills its backlog; fails when the backlog cannot be filled. */
  static BlackHoleAddress on(String ip, int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.bind(new InetSocketAddress(InetAddress.getByName(ip), port), 1);
    BlackHoleAddress hole = new BlackHoleAddress(s);
    for (int i = 0; i < 32; i++) {
      Socket filler = new Socket();
      hole.fillers.add(filler);
      try {
        filler.connect(s.getLocalSocketAddress(), 200);
      } catch (SocketTimeoutException dropped) {
        return hole;
      }
    }
    hole.close();
    throw new IOException(
        "could not fill the listen backlog of " + ip + ":" + port + " (expected a dropped SYN)");
  }

  @Override
  public void close() throws IOException {
    for (Socket f : fillers) {
      f.close();
    }
    listener.close();
  }
}
