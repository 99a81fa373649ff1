package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.testing.ClientFixture;
import org.junit.jupiter.api.Test;

/**
 * A user's event loop group: an IoEventLoopGroup running NIO (or epoll, io_uring, kqueue) is used
 * with the matching channel class; any other is refused when the client is made, with AHC 3.0.14's
 * message.
 */
class TransportForGroupTest {

  private static void shutdown(EventLoopGroup group) {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Test
  void aNioGroupGetsNioChannels() {
    EventLoopGroup nio = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Transport transport = Transport.forGroup(nio);
      assertEquals("nio", transport.name());
      assertEquals(NioSocketChannel.class, transport.channelClass());
    } finally {
      shutdown(nio);
    }
  }

  @Test
  void aGroupOfAnotherKindIsRefusedWith3014sMessage() {
    EventLoopGroup local = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    EventLoopGroup plain = new DefaultEventLoopGroup(1);
    try {
      for (EventLoopGroup group : new EventLoopGroup[] {local, plain}) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new DefaultAsyncHttpClient(ClientFixture.config().setEventLoopGroup(group).build()));
        assertEquals("Unsupported event loop group " + group.getClass().getName()
            + ": it runs no known IoHandler (NIO, epoll, kqueue or io_uring)", e.getMessage());
      }
    } finally {
      shutdown(local);
      shutdown(plain);
    }
  }
}
