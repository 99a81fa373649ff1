package org.asynchttpclient.request.body.generator;

import static org.asynchttpclient.request.body.BodyDrain.drain;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.asynchttpclient.request.body.BodyDrain.SlowChannel;
import org.asynchttpclient.request.body.RandomAccessBody;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileBodyGeneratorTest {

  @TempDir Path dir;
  private byte[] content;
  private File file;

  @BeforeEach
  void writeFile() throws Exception {
    content = new byte[1000];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) (i * 31 + 7);
    }
    file = Files.write(dir.resolve("data.bin"), content).toFile();
  }

  @Test
  void wholeFileThroughSmallBuffers() throws Exception {
    FileBodyGenerator generator = new FileBodyGenerator(file);
    assertEquals(0, generator.getRegionSeek());
    assertEquals(1000, generator.getRegionLength());
    try (RandomAccessBody body = generator.createBody()) {
      assertEquals(1000, body.getContentLength());
      assertArrayEquals(content, drain(body, 7));
    }
  }

  @Test
  void regionThroughBuffersAndThroughAChannel() throws Exception {
    FileBodyGenerator generator = new FileBodyGenerator(file, 100, 250);
    byte[] expected = Arrays.copyOfRange(content, 100, 350);
    try (RandomAccessBody first = generator.createBody();
        RandomAccessBody second = generator.createBody()) {
      assertEquals(250, first.getContentLength());
      assertArrayEquals(expected, drain(first, 7));
      assertArrayEquals(expected, drain(second, new SlowChannel(13)));
    }
  }

  @Test
  void fileShorterThanRegionFails() throws Exception {
    try (RandomAccessBody body = new FileBodyGenerator(file, 900, 200).createBody()) {
      EOFException e = assertThrows(EOFException.class, () -> drain(body, 64));
      assertEquals(
          "file " + file + " ended after 1000 bytes (expected a region of 200 bytes at offset 900)",
          e.getMessage());
    }
  }

  @Test
  void refusesNegativeRegion() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new FileBodyGenerator(file, -1, 10));
    assertEquals("regionSeek: -1 (expected >= 0)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new FileBodyGenerator(file, 0, -5));
    assertEquals("regionLength: -5 (expected >= 0)", e.getMessage());
  }
}
