package org.asynchttpclient.netty.channel;

import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import org.jetbrains.annotations.Nullable;

/**
 * The only class that names native transport classes. Each method is called only after the
 * matching presence check, so a missing optional jar never fails class loading elsewhere.
 */
final class NativeTransports {
  private NativeTransports() {}

  static boolean epollClassesPresent() {
    return present("io.netty.channel.epoll.Epoll");
  }

  static boolean ioUringClassesPresent() {
    return present("io.netty.channel.uring.IoUring");
  }

  static boolean epollAvailable() {
    return epollClassesPresent() && Epoll.isAvailable();
  }

  static boolean ioUringAvailable() {
    return ioUringClassesPresent() && IoUring.isAvailable();
  }

  static Transport epoll() {
    return new Transport("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class);
  }

  static Transport ioUring() {
    return new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringSocketChannel.class);
  }

  static boolean isEpollGroup(IoEventLoopGroup group) {
    return group.isIoType(EpollIoHandler.class);
  }

  static boolean isIoUringGroup(IoEventLoopGroup group) {
    return group.isIoType(IoUringIoHandler.class);
  }

  /**
   * The kqueue transport when {@code group} runs Netty's kqueue handler (macOS, BSD), or null when
   * it does not or netty-transport-classes-kqueue is not on the class path: the client does not
   * depend on it, a user who made a kqueue group has it. Its classes are found by name (no compile
   * dependency).
   */
  static @Nullable Transport kqueueOf(IoEventLoopGroup group) {
    try {
      ClassLoader loader = NativeTransports.class.getClassLoader();
      Class<?> handler = Class.forName("io.netty.channel.kqueue.KQueueIoHandler", false, loader);
      if (!IoHandler.class.isAssignableFrom(handler)
          || !group.isIoType(handler.asSubclass(IoHandler.class))) {
        return null;
      }
      IoHandlerFactory factory = (IoHandlerFactory) handler.getMethod("newFactory").invoke(null);
      Class<? extends SocketChannel> channel =
          Class.forName("io.netty.channel.kqueue.KQueueSocketChannel", true, loader)
              .asSubclass(SocketChannel.class);
      return new Transport("kqueue", factory, channel);
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      return null;
    }
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, NativeTransports.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
