package org.asynchttpclient.netty.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link ChannelClosing} ends a connection, seen from a plain socket peer on loopback: a reset
 * makes the peer's read throw, an orderly close makes it read the end of the stream.
 */
class ChannelClosingTest {
  private EventLoopGroup group;
  private ServerSocket server;

  @BeforeEach
  void start() throws Exception {
    group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    server.setSoTimeout(5000);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private Channel connect() throws InterruptedException {
    return new Bootstrap()
        .group(group)
        .channel(NioSocketChannel.class)
        .handler(new ChannelInboundHandlerAdapter())
        .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()))
        .sync()
        .channel();
  }

  /** The server's side of the connection, whose reads give up after 5 s. */
  private Socket acceptPeer() throws IOException {
    Socket peer = server.accept();
    peer.setSoTimeout(5000);
    return peer;
  }

  /**
   * Marks a body as being sent and writes a few bytes of it, which the kernel takes at once, so
   * nothing stays pending in Netty.
   */
  private static void sendPartOfABody(Channel ch) throws Exception {
    ChannelClosing.bodySending(ch, true);
    ch.writeAndFlush(Unpooled.copiedBuffer("partial body", StandardCharsets.US_ASCII)).sync();
    // Read on the loop: the write's promise completes before the buffer forgets the entry.
    long pending =
        ch.eventLoop().submit(() -> ch.unsafe().outboundBuffer().totalPendingWriteBytes()).get();
    assertEquals(0, pending);
  }

  @Test
  void aChannelWhoseBodyIsStillBeingSentIsResetEvenWithNothingPendingInNetty() throws Exception {
    Channel ch = connect();
    try (Socket peer = acceptPeer()) {
      sendPartOfABody(ch);
      assertTrue(ChannelClosing.close(ch).await(5, TimeUnit.SECONDS));
      InputStream in = peer.getInputStream();
      // The bytes already delivered may be read first; the reset ends the stream with an error.
      assertThrows(SocketException.class, () -> {
        while (in.read() >= 0) {
          // drain
        }
      });
    }
  }

  @Test
  void aChannelWhoseBodyWasFullyWrittenClosesInOrder() throws Exception {
    Channel ch = connect();
    try (Socket peer = acceptPeer()) {
      sendPartOfABody(ch);
      ChannelClosing.bodySending(ch, false);
      assertTrue(ChannelClosing.close(ch).await(5, TimeUnit.SECONDS));
      byte[] all = peer.getInputStream().readAllBytes();
      assertEquals("partial body", new String(all, StandardCharsets.US_ASCII));
    }
  }
}
