package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;

/**
 * A socket transport: the event loop flavour and its channel class. NIO always works; epoll and
 * io_uring are used when {@code useNativeTransport} is set and their native library is on the
 * class path and loads. Native classes are only touched once their availability is checked, so
 * the optional jars may be missing.
 */
public final class Transport {
  private final String name;
  private final IoHandlerFactory handlerFactory;
  private final Class<? extends SocketChannel> channelClass;

  private Transport(
      String name, IoHandlerFactory handlerFactory, Class<? extends SocketChannel> channelClass) {
    this.name = name;
    this.handlerFactory = handlerFactory;
    this.channelClass = channelClass;
  }

  public static Transport nio() {
    return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
  }

  /**
   * Picks the transport for a client that creates its own loops.
   *
   * @param useNative try the native transports (io_uring first unless onlyEpoll, then epoll)
   */
  public static Transport select(boolean useNative, boolean onlyEpoll) {
    if (useNative) {
      if (!onlyEpoll && NativeTransports.ioUringAvailable()) {
        return new Transport(
            "io_uring", NativeTransports.ioUringFactory(), NativeTransports.ioUringChannel());
      }
      if (NativeTransports.epollAvailable()) {
        return new Transport("epoll", NativeTransports.epollFactory(), NativeTransports.epollChannel());
      }
      if (onlyEpoll) {
        throw new IllegalStateException(
            "useOnlyEpollNativeTransport is set but epoll is not available on this machine"
                + " (expected netty-transport-native-epoll for this platform on the class path)");
      }
    }
    return nio();
  }

  /** Picks the channel class that fits a user-supplied event loop group. */
  public static Transport forGroup(EventLoopGroup group) {
    if (group instanceof IoEventLoopGroup) {
      IoEventLoopGroup io = (IoEventLoopGroup) group;
      if (NativeTransports.epollClassesPresent() && NativeTransports.isEpollGroup(io)) {
        return new Transport("epoll", NativeTransports.epollFactory(), NativeTransports.epollChannel());
      }
      if (NativeTransports.ioUringClassesPresent() && NativeTransports.isIoUringGroup(io)) {
        return new Transport(
            "io_uring", NativeTransports.ioUringFactory(), NativeTransports.ioUringChannel());
      }
      if (io.isIoType(NioIoHandler.class)) {
        return nio();
      }
    }
    throw new IllegalArgumentException(
        "eventLoopGroup: "
            + group.getClass().getName()
            + " (expected an IoEventLoopGroup running NIO, epoll or io_uring, such as"
            + " MultiThreadIoEventLoopGroup or NioEventLoopGroup)");
  }

  public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, handlerFactory);
  }

  public Class<? extends SocketChannel> channelClass() {
    return channelClass;
  }

  public String name() {
    return name;
  }
}
