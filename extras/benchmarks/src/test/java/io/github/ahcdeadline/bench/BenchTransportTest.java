package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchTransportTest {
  @Test
  void listKeepsTheOrderGiven() {
    assertEquals(
        List.of(
            BenchTransport.NIO,
            BenchTransport.EPOLL,
            BenchTransport.IO_URING,
            BenchTransport.DEFAULT),
        BenchTransport.parseList("nio,epoll,io_uring,default"));
    assertEquals(
        List.of(BenchTransport.DEFAULT, BenchTransport.EPOLL),
        BenchTransport.parseList("default, epoll"));
  }

  @Test
  void unknownEmptyAndRepeatedNamesAreErrors() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> BenchTransport.parseList("nio,kqueue"));
    assertEquals(
        "transport: kqueue (expected nio, epoll, io_uring or default)", unknown.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BenchTransport.parseList(""));
    assertThrows(IllegalArgumentException.class, () -> BenchTransport.parseList("nio,"));
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> BenchTransport.parseList("nio,nio"));
    assertEquals("transports: nio,nio (nio twice)", twice.getMessage());
  }

  @Test
  void onlyNioRunsWithoutTheNativeJars() {
    assertFalse(BenchTransport.NIO.needsNativeJars());
    assertTrue(BenchTransport.EPOLL.needsNativeJars());
    assertTrue(BenchTransport.IO_URING.needsNativeJars());
    assertTrue(BenchTransport.DEFAULT.needsNativeJars());
  }

  @Test
  void channelClassesNameTheirTransport() {
    assertEquals("NIO", BenchTransport.describeChannel("io.netty.channel.socket.nio.NioSocketChannel"));
    assertEquals("epoll", BenchTransport.describeChannel("io.netty.channel.epoll.EpollSocketChannel"));
    assertEquals(
        "io_uring", BenchTransport.describeChannel("io.netty.channel.uring.IoUringSocketChannel"));
    assertEquals("KQueueSocketChannel",
        BenchTransport.describeChannel("io.netty.channel.kqueue.KQueueSocketChannel"));
    assertEquals("?", BenchTransport.describeChannel(""));
  }
}
