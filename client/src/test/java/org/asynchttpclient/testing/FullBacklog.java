package org.asynchttpclient.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback listener that never accepts, its accept queue filled by sockets of its own: Linux then
 * drops further SYNs, so a connect to it hangs until the client's own timeout. Some kernels complete
 * connects past a full backlog; {@link #hanging()} says whether this one does not, for an assumption.
 */
public final class FullBacklog implements AutoCloseable {
  private final ServerSocket listener;
  private final List<Socket> fillers = new ArrayList<>();
  private final boolean hanging;

  private FullBacklog() throws IOException {
    listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    boolean full = false;
    for (int i = 0; i < 64 && !full; i++) {
      Socket s = new Socket();
      fillers.add(s);
      try {
        s.connect(listener.getLocalSocketAddress(), 200);
      } catch (SocketTimeoutException timedOut) {
        full = true;
      }
    }
    hanging = full;
  }

  /** Binds a listener on 127.0.0.1 with a backlog of one and fills its queue. */
  public static FullBacklog open() throws IOException {
    return new FullBacklog();
  }

  /** Whether a connect to {@link #port()} now hangs. */
  public boolean hanging() {
    return hanging;
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** Closes the fillers, then the listener. */
  @Override
  public void close() throws IOException {
    for (Socket s : fillers) {
      s.close();
    }
    listener.close();
  }
}
