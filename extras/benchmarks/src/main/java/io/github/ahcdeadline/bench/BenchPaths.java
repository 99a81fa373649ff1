package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where the benchmark module's build output is: the compiled classes (also what child JVMs load
 * the drivers from), and the classpath files the build writes next to them.
 */
final class BenchPaths {
  /** Written by the build: ahc-deadline's runtime classpath. */
  static final String OURS_CLASSPATH = "ours.classpath";

  /** Written by the build: the epoll and io_uring jars, for the rows that measure them. */
  static final String NATIVE_CLASSPATH = "native.classpath";

  /** Written by the build (helper project ahc3/pom.xml): AHC 3.0.11's runtime classpath. */
  static final String AHC3_CLASSPATH = "ahc3.classpath";

  /**
   * Written by the build (helper project ahc3/pom.xml): the epoll and io_uring jars at AHC 3.0.11's
   * own Netty version, for its rows on a native transport (natives of another Netty release do not
   * mix with its netty-transport and unix-common).
   */
  static final String AHC3_NATIVE_CLASSPATH = "ahc3-native.classpath";

  private BenchPaths() {}

  /** The directory or jar these classes were loaded from (target/classes in a build). */
  static Path classes() {
    try {
      return Paths.get(BenchPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the benchmark classes", e);
    }
  }

  /** The module's target directory: the parent of {@link #classes()}. */
  static Path target() {
    Path parent = classes().toAbsolutePath().getParent();
    if (parent == null) {
      throw new IllegalStateException("benchmark classes at the file system root: " + classes());
    }
    return parent;
  }

  /** The contents of a classpath file in target/, trimmed. */
  static String readClasspath(String fileName) throws IOException {
    Path file = target().resolve(fileName);
    if (!Files.isRegularFile(file)) {
      throw new IOException(
          file
              + " is missing; build the module first ("
              + "./mvnw -B -ntp install -DskipTests), and for "
              + AHC3_CLASSPATH
              + " and "
              + AHC3_NATIVE_CLASSPATH
              + " run ./mvnw -B -ntp -f extras/benchmarks/ahc3/pom.xml"
              + " dependency:build-classpath@ahc3 dependency:build-classpath@ahc3-native");
    }
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).trim();
  }
}
