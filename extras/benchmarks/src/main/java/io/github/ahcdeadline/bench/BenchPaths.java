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

  /**
   * Written by the build (helper project ahc3/pom.xml, profile ahc3014): AHC 3.0.14's runtime
   * classpath, the main reference of every comparison.
   */
  static final String AHC3014_CLASSPATH = "ahc3014.classpath";

  /**
   * Written with {@link #AHC3014_CLASSPATH}: the epoll and io_uring jars at AHC 3.0.14's own Netty
   * version (4.2.18.Final), for its rows on a native transport.
   */
  static final String AHC3014_NATIVE_CLASSPATH = "ahc3014-native.classpath";

  /** Written by the build (helper project ahc3/pom.xml): AHC 3.0.11's runtime classpath. */
  static final String AHC3_CLASSPATH = "ahc3.classpath";

  /**
   * Written by the build (helper project ahc3/pom.xml): the epoll and io_uring jars at AHC 3.0.11's
   * own Netty version, for its rows on a native transport (natives of another Netty release do not
   * mix with its netty-transport and unix-common).
   */
  static final String AHC3_NATIVE_CLASSPATH = "ahc3-native.classpath";

  /**
   * Written by hand (helper project ahc3/pom.xml, profile ahc3012; never by the build, see {@link
   * #AHC3012_HOW}): the runtime classpath of AHC 3.0.12, for Compare's optional row (--with-ahc3012).
   */
  static final String AHC3012_CLASSPATH = "ahc3012.classpath";

  /**
   * Written with {@link #AHC3012_CLASSPATH}: the epoll and io_uring jars at AHC 3.0.12's own Netty
   * version (4.2.17.Final), for its rows on a native transport.
   */
  static final String AHC3012_NATIVE_CLASSPATH = "ahc3012-native.classpath";

  /**
   * How to get {@link #AHC3012_CLASSPATH}: AHC 3.0.12 was never published to Maven Central, so it is
   * built from upstream's release commit into the local repository, and then resolved from there.
   * By hand only, so that a build on a machine without it never tries to resolve it.
   */
  static final String AHC3012_HOW =
      "(1) build AHC 3.0.12 from its release commit and install it into the local repository,"
          + " from the repository root: git clone"
          + " https://github.com/AsyncHttpClient/async-http-client /tmp/ahc-upstream && mkdir"
          + " /tmp/ahc3012 && git -C /tmp/ahc-upstream archive b4c8f5a64 | tar -x -C /tmp/ahc3012"
          + " && ./mvnw -B -ntp -f /tmp/ahc3012/pom.xml install -DskipTests"
          + " -Dkerby.version=2.1.0 -Dgpg.skip -Dmaven.javadoc.skip=true -pl client -am; (2) write"
          + " the files: ./mvnw -B -q -ntp -f extras/benchmarks/ahc3/pom.xml -Pahc3012"
          + " dependency:build-classpath@ahc3 dependency:build-classpath@ahc3-native (docs/benchmarks.md)";

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

  /** The repository's root directory: three levels above {@link #target()}. */
  static Path repositoryRoot() {
    Path root = target().toAbsolutePath().normalize();
    for (int i = 0; i < 3; i++) {
      root = root.getParent();
      if (root == null) {
        throw new IllegalStateException("no repository root above " + target());
      }
    }
    return root;
  }

  /** The contents of a classpath file in target/, trimmed. */
  static String readClasspath(String fileName) throws IOException {
    Path file = target().resolve(fileName);
    if (!Files.isRegularFile(file)) {
      if (fileName.equals(AHC3012_CLASSPATH) || fileName.equals(AHC3012_NATIVE_CLASSPATH)) {
        // no build writes these: the build's own advice would not bring them
        throw new IOException(file + " is missing; to write it: " + AHC3012_HOW);
      }
      throw new IOException(
          file
              + " is missing; build the module first (./mvnw -B -ntp -pl extras/benchmarks -am"
              + " package -DskipTests writes every classpath file), or write the reference clients'"
              + " files alone: ./mvnw -B -ntp -f extras/benchmarks/ahc3/pom.xml"
              + " dependency:build-classpath@ahc3 dependency:build-classpath@ahc3-native (AHC"
              + " 3.0.11), the same with -Pahc3014 (AHC 3.0.14)");
    }
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).trim();
  }
}
