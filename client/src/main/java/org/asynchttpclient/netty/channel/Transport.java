package org.asynchttpclient.netty.channel;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A socket transport: the event loop flavour and its channel class. NIO always works; epoll and
 * io_uring are used when their native library is on the class path and loads (see {@link
 * #select}); kqueue only on a group the user supplies ({@link #forGroup}). Native classes are only touched once their availability is checked, so the optional
 * jars may be missing.
 */
public final class Transport {
  private static final Logger LOGGER = LoggerFactory.getLogger(Transport.class);
  private static final AtomicBoolean NATIVE_MISSING_WARNED = new AtomicBoolean();
  private static final AtomicBoolean IO_URING_FALLBACK_WARNED = new AtomicBoolean();

  private final String name;
  private final IoHandlerFactory handlerFactory;
  private final Class<? extends SocketChannel> channelClass;

  Transport(
      String name, IoHandlerFactory handlerFactory, Class<? extends SocketChannel> channelClass) {
    this.name = name;
    this.handlerFactory = handlerFactory;
    this.channelClass = channelClass;
  }

  public static Transport nio() {
    return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
  }

  /**
   * Picks the transport for a client that creates its own loops, as AHC 3.0.12 does.
   *
   * <ul>
   *   <li>{@code useNative} false (the default): a native transport when its library is on the
   *       class path and loads, epoll first (io_uring needs more locked memory than containers
   *       often allow), then io_uring; otherwise NIO, silently. {@code
   *       -Dio.netty.transport.noNative=true} makes Netty report both unavailable: NIO.
   *   <li>{@code useNative} true: io_uring first unless {@code onlyEpoll}, then epoll; when none
   *       loads, NIO with a warning (3.0.11 threw).
   * </ul>
   */
  public static Transport select(boolean useNative, boolean onlyEpoll) {
    if (!useNative) {
      if (NativeTransports.epollAvailable()) {
        return NativeTransports.epoll();
      }
      if (NativeTransports.ioUringAvailable()) {
        return NativeTransports.ioUring();
      }
      return nio();
    }
    if (!onlyEpoll && NativeTransports.ioUringAvailable()) {
      return NativeTransports.ioUring();
    }
    if (NativeTransports.epollAvailable()) {
      return NativeTransports.epoll();
    }
    if (NATIVE_MISSING_WARNED.compareAndSet(false, true)) {
      LOGGER.warn(
          "useNativeTransport{} is set but no native transport loads on this machine (expected"
              + " netty-transport-native-{} for this platform on the class path); using NIO",
          onlyEpoll ? " with useOnlyEpollNativeTransport" : "",
          onlyEpoll ? "epoll" : "epoll or -io_uring");
    }
    return nio();
  }

  /**
   * Picks the channel class that fits a user-supplied event loop group: an {@link
   * IoEventLoopGroup} running NIO, epoll, io_uring or (with netty-transport-classes-kqueue on the
   * class path) kqueue, as AHC 3.0.14 accepts; any other is refused with 3.0.14's message.
   */
  public static Transport forGroup(EventLoopGroup group) {
    if (group instanceof IoEventLoopGroup) {
      IoEventLoopGroup io = (IoEventLoopGroup) group;
      if (NativeTransports.epollClassesPresent() && NativeTransports.isEpollGroup(io)) {
        return NativeTransports.epoll();
      }
      if (NativeTransports.ioUringClassesPresent() && NativeTransports.isIoUringGroup(io)) {
        return NativeTransports.ioUring();
      }
      if (io.isIoType(NioIoHandler.class)) {
        return nio();
      }
      Transport kqueue = NativeTransports.kqueueOf(io);
      if (kqueue != null) {
        return kqueue;
      }
    }
    // AHC 3.0.14's words for a group it cannot use (which name the value and what was expected).
    throw new IllegalArgumentException("Unsupported event loop group " + group.getClass().getName()
        + ": it runs no known IoHandler (NIO, epoll, kqueue or io_uring)");
  }

  public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, handlerFactory);
  }

  /**
   * The transport to use if {@link #newGroup} failed: epoll after io_uring (whose rings count
   * against RLIMIT_MEMLOCK, which a container may keep too low even where io_uring loads), with
   * one warning, as 3.0.12 does; null when there is nothing to fall back to.
   */
  public @Nullable Transport fallback(Throwable failure, int threads) {
    if (!"io_uring".equals(name) || !NativeTransports.epollAvailable()) {
      return null;
    }
    if (IO_URING_FALLBACK_WARNED.compareAndSet(false, true)) {
      LOGGER.warn(
          "io_uring loops could not be created for {} threads ({}); using epoll. Raising the"
              + " locked-memory limit (ulimit -l) lets io_uring run",
          threads, failure.toString());
    }
    return NativeTransports.epoll();
  }

  public Class<? extends SocketChannel> channelClass() {
    return channelClass;
  }

  public String name() {
    return name;
  }
}
