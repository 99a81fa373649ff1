package org.asynchttpclient.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.Nullable;

/**
 * An address that black-holes connects: a listening socket that never accepts, its backlog filled
 * by connections of its own, so the kernel drops every further SYN and a client's connect hangs
 * until its own timeout (Linux; where the backlog cannot be filled the test is skipped). Unlike an
 * unrouted address it is local, immediate and certain.
 *
 * <p>{@link #open()} lets connects through again: the fillers are accepted and closed, and a
 * client's next SYN retransmission (about 1 s after its first SYN) then connects; {@link #accept}
 * takes such a connection, which shows that a client attempt was still alive.
 *
 * <p>Bind several on 127.0.0.x and one port beside a server on 127.0.0.1 (Linux routes all of
 * 127/8 to the loopback interface): a resolver returning those addresses gives a host with dead
 * addresses.
 */
public final class BlackHole implements AutoCloseable {
  private final ServerSocket listener;
  private final List<Socket> fillers = new ArrayList<>();

  private BlackHole(ServerSocket listener) {
    this.listener = listener;
  }

  /** A black hole on {@code ip}, on {@code port} (0: any free port). */
  public static BlackHole on(String ip, int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.bind(new InetSocketAddress(InetAddress.getByName(ip), port), 1);
    BlackHole hole = new BlackHole(s);
    boolean full = false;
    try {
      for (int i = 0; i < 32 && !full; i++) {
        Socket filler = new Socket();
        hole.fillers.add(filler);
        try {
          filler.connect(s.getLocalSocketAddress(), 200);
        } catch (SocketTimeoutException dropped) {
          full = true;
        }
      }
    } catch (IOException | RuntimeException e) {
      hole.close();
      throw e;
    }
    if (!full) {
      hole.close();
    }
    assumeTrue(full, "could not fill a listen backlog on this machine: no black hole");
    return hole;
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) listener.getLocalSocketAddress();
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** Lets connects through from now on: the queued fillers are accepted and closed. */
  public void open() throws IOException {
    listener.setSoTimeout(50);
    for (Socket f : fillers) {
      f.close();
    }
    // Drain what the fillers queued, so the queue has room for a client's retransmitted SYN.
    for (int i = 0; i < fillers.size(); i++) {
      try {
        listener.accept().close();
      } catch (SocketTimeoutException drained) {
        break;
      }
    }
    fillers.clear();
  }

  /** A connection that reached this address after {@link #open}, or null within {@code millis}. */
  public @Nullable Socket accept(int millis) throws IOException {
    listener.setSoTimeout(millis);
    try {
      return listener.accept();
    } catch (SocketTimeoutException none) {
      return null;
    }
  }

  @Override
  public void close() throws IOException {
    for (Socket f : fillers) {
      f.close();
    }
    listener.close();
  }
}
