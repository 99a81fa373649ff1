package org.asynchttpclient.netty.channel;

import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;

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

  static IoHandlerFactory epollFactory() {
    return EpollIoHandler.newFactory();
  }

  static Class<? extends SocketChannel> epollChannel() {
    return EpollSocketChannel.class;
  }

  static IoHandlerFactory ioUringFactory() {
    return IoUringIoHandler.newFactory();
  }

  static Class<? extends SocketChannel> ioUringChannel() {
    return IoUringSocketChannel.class;
  }

  static boolean isEpollGroup(IoEventLoopGroup group) {
    return group.isIoType(EpollIoHandler.class);
  }

  static boolean isIoUringGroup(IoEventLoopGroup group) {
    return group.isIoType(IoUringIoHandler.class);
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
