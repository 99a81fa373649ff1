package io.github.ahcdeadline.bench;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The class of the first channel a request of this JVM connected on: which transport the client
 * really picked, whatever it was asked for (a native library that does not load means NIO, or
 * epoll instead of io_uring). A child JVM runs one client, so one JVM-wide value is enough; any
 * thread may record or read it.
 */
final class FirstChannel {
  private static final AtomicReference<String> CLASS_NAME = new AtomicReference<>("");

  private FirstChannel() {}

  /** Records {@code connection}'s class if no channel was recorded before (from onTcpConnectSuccess). */
  static void record(Channel connection) {
    CLASS_NAME.compareAndSet("", connection.getClass().getName());
  }

  /** The recorded channel class name, or "" if no request connected yet. */
  static String className() {
    return CLASS_NAME.get();
  }
}
