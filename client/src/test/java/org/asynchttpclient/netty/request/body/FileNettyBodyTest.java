package org.asynchttpclient.netty.request.body;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelFuture;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileNettyBodyTest extends WireFixture {
  @TempDir Path dir;
  private File file(String content) throws IOException {
    Path path = dir.resolve("body.txt");
    Files.write(path, content.getBytes(US_ASCII));
    return path.toFile();
  }

  @Test
  void withoutTlsTheFileGoesOutAsAZeroCopyRegionAndCanBeReplayed() throws IOException {
    NettyBody body = new FileNettyBody(file("0123456789"), TestConfig.defaults());
    assertEquals(10, body.getContentLength());
    assertTrue(body.isReplayable());
    assertEquals("<region>0123456789</region>", sent(body));
    assertEquals("<region>0123456789</region>", sent(body));
  }

  @Test
  void withZeroCopyDisabledTheFileIsReadInChunksOfTheConfiguredSize() throws IOException {
    NettyBody body = new FileNettyBody(file("0123456789"), 2, 7,
        new TestConfig().set("isDisableZeroCopy", true).set("getChunkedFileChunkSize", 3).build());
    assertEquals(7, body.getContentLength());
    assertEquals("2345678", sent(body));
    assertEquals("2345678", sent(body));
  }

  @Test
  void aChunkedHeadGetsChunkFramingFromTheCodec() throws IOException {
    NettyBody body = new FileNettyBody(file("abcdef"), 0, 6,
        new TestConfig().set("isDisableZeroCopy", true).set("getChunkedFileChunkSize", 4).build());
    assertEquals("4\r\nabcd\r\n2\r\nef\r\n0\r\n\r\n", sent(body, -1));
  }

  @Test
  void aMissingFileFailsTheWriteBeforeAnyBodyByte() throws IOException {
    File file = file("gone");
    NettyBody body = new FileNettyBody(file, TestConfig.defaults());
    Files.delete(file.toPath());
    ChannelFuture done = body.write(channel);
    assertFalse(done.isSuccess());
    assertInstanceOf(IOException.class, done.cause());
    assertEquals("", Wire.drain(channel));
  }

  @Test
  void negativeRegionIsRefusedWithTheValue() throws IOException {
    File file = file("x");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new FileNettyBody(file, -1, 1, TestConfig.defaults()));
    assertEquals("file body offset: -1 (expected >= 0)", e.getMessage());
  }
}
