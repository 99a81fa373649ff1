package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ChildJvmTest {
  @Test
  void readsResultFields() throws IOException {
    List<String> out =
        List.of(
            "MODE_APPLIED true",
            "RESULT requests=120 nanos=1000 allocBytes=-1 errors=2 firstError=java.io.IOException:"
                + " reset by peer x=1");
    assertEquals("120", ChildJvm.field(out, "requests"));
    assertEquals("-1", ChildJvm.field(out, "allocBytes"));
    assertEquals("java.io.IOException: reset by peer x=1", ChildJvm.field(out, "firstError"));
  }

  @Test
  void missingResultIsAnError() {
    IOException e =
        assertThrows(IOException.class, () -> ChildJvm.field(List.of("hello"), "requests"));
    assertEquals("no RESULT line in child output: [hello]", e.getMessage());
  }

  @Test
  void theCollectorIsG1UnlessAnotherIsNamed() {
    assertEquals(List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC"), ChildJvm.options("G1"));
    assertEquals(List.of("-Xms512m", "-Xmx512m", "-XX:+UseZGC"), ChildJvm.options("Z"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ChildJvm.options("CMS"));
    assertEquals("bench.childGc: CMS (expected G1, Z, Parallel or Serial)", e.getMessage());
  }

  @Test
  void forwardsTheClientOptionsOnlyInNameOrder() {
    Properties p = new Properties();
    p.setProperty("org.asynchttpclient.requestTimeout", "PT1S");
    p.setProperty("org.asynchttpclient.http2MaxConnectionsPerPartition", "1");
    p.setProperty("java.version", "17");
    p.setProperty("org.asynchttpclientx.other", "no");
    assertEquals(
        List.of(
            "-Dorg.asynchttpclient.http2MaxConnectionsPerPartition=1",
            "-Dorg.asynchttpclient.requestTimeout=PT1S"),
        ChildJvm.forwardedClientOptions(p));
  }
}
