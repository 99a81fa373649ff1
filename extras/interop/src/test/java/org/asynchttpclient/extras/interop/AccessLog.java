package org.asynchttpclient.extras.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A server's access log whose lines start with the request's {@code X-Interop-Id} and then its
 * status (the tests configure every server so). nginx writes a line when it finalises a request,
 * so a test that waits for one waits with a bound.
 */
final class AccessLog {
  // immutable
  private final Path file;

  AccessLog(Path file) {
    this.file = file;
  }

  Path file() {
    return file;
  }

  /** The status logged for each id so far (the last one for an id logged twice). */
  Map<String, String> statuses() throws IOException {
    Map<String, String> statuses = new HashMap<>();
    if (!Files.exists(file)) {
      return statuses;
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (String line : lines) {
      String[] fields = line.split(" ", -1);
      if (fields.length >= 2) {
        statuses.put(fields[0], fields[1]);
      }
    }
    return statuses;
  }

  /** The status logged for {@code id}, polling the file for at most {@code wait}. */
  Optional<String> awaitStatus(String id, Duration wait) throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      String status = statuses().get(id);
      if (status != null || System.nanoTime() - deadline > 0) {
        return Optional.ofNullable(status);
      }
      // a file has no latch to wait on; poll it every 20 ms
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }
}
