package org.asynchttpclient.packaging;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The AHC release this client must be a superset of, as Maven hands it to the tests: its jar,
 * copied to {@code target/upstream} (never on the test class path: its classes have our names),
 * and the test's dependencies (Netty and the rest), which its classes need to load or to be
 * compiled against.
 */
final class UpstreamJar {

  /**
   * Members of 3.0.14 still being built, as {@code Type#member} (none now: every member is here).
   * The tests that use this fail once one of them is here, so that it is removed then.
   */
  static final Set<String> BUILT_ELSEWHERE = Set.of();

  private UpstreamJar() {}

  static Path jar() {
    String jar = System.getProperty("ahc.latest.jar");
    assertTrue(jar != null && Files.isRegularFile(Paths.get(jar)),
        "ahc.latest.jar: " + jar + " (expected the 3.0.14 jar that Maven copies to target/upstream)");
    return Paths.get(jar);
  }

  /** The test's dependencies (Netty, ...), without this client's classes. */
  static List<String> dependencies() throws IOException {
    String file = System.getProperty("ahc.test.classpath.file");
    assertTrue(file != null && Files.isRegularFile(Paths.get(file)),
        "ahc.test.classpath.file: " + file + " (expected Maven's build-classpath output)");
    String classpath = new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8).trim();
    return Arrays.asList(classpath.split(File.pathSeparator));
  }
}
