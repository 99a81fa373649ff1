package org.asynchttpclient.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code compiled against AHC 3.0.14 links against this client: a probe ({@code
 * upstream-probe/probe3014/Probe.java}, a test resource) that uses every public member AHC 3.0.13
 * and 3.0.14 added is compiled with javac against the 3.0.14 jar (Maven copies it to {@code
 * target/upstream}; it cannot be on the test class path, its classes have our names), then loaded
 * in a fresh class loader whose parent has this client's classes, and each of its checks is run. A
 * member missing here, or of another signature or kind, fails its check with a LinkageError
 * (NoSuchMethodError for {@code setUseAbsoluteRequestDeadline(boolean)} before it was added, for
 * instance, although source code compiled either way).
 *
 * <p>{@link #BUILT_ELSEWHERE} lists the checks whose members other branches build; the test
 * insists they still fail, so that whoever merges those branches removes them from the list.
 */
class Upstream3014LinkageTest {

  /**
   * Checks of members built on other branches ({@link UpstreamJar#BUILT_ELSEWHERE}), expected to
   * fail to link until those are merged.
   */
  static final Set<String> BUILT_ELSEWHERE = Set.of();

  /** How many checks the probe has: a check lost from it fails the test too. */
  private static final int CHECKS = 27;

  private static Path compileProbe(Path dir) throws IOException {
    Path source = dir.resolve("src/probe3014/Probe.java");
    Files.createDirectories(source.getParent());
    try (InputStream in = Upstream3014LinkageTest.class.getResourceAsStream("/upstream-probe/probe3014/Probe.java")) {
      assertTrue(in != null, "the probe's source is a test resource");
      Files.write(source, in.readAllBytes());
    }
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes);
    List<String> classpath = new ArrayList<>();
    classpath.add(UpstreamJar.jar().toString());
    classpath.addAll(UpstreamJar.dependencies());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertTrue(javac != null, "a JDK's compiler");
    java.io.ByteArrayOutputStream diagnostics = new java.io.ByteArrayOutputStream();
    int status = javac.run(null, diagnostics, diagnostics,
        "--release", "11", "-proc:none", "-nowarn",
        "-cp", String.join(java.io.File.pathSeparator, classpath),
        "-d", classes.toString(), source.toString());
    assertEquals(0, status, "the probe compiles against 3.0.14: " + diagnostics.toString(StandardCharsets.UTF_8));
    return classes;
  }

  @Test
  void codeCompiledAgainst3014LinksAgainstThisClient(@TempDir Path dir) throws Exception {
    Path classes = compileProbe(dir);
    Map<String, String> failed = new TreeMap<>();
    Set<String> linked = new TreeSet<>();
    // Parent: the test's loader, which has this client's classes (and no 3.0.14 class).
    try (URLClassLoader loader = new URLClassLoader(
        new URL[] {classes.toUri().toURL()}, Upstream3014LinkageTest.class.getClassLoader())) {
      Class<?> probe = Class.forName("probe3014.Probe", true, loader);
      for (Method check : probe.getDeclaredMethods()) {
        if (!Modifier.isPublic(check.getModifiers()) || check.getParameterCount() != 0) {
          continue;
        }
        try {
          check.invoke(null);
          linked.add(check.getName());
        } catch (InvocationTargetException e) {
          Throwable cause = e.getCause();
          if (!(cause instanceof LinkageError)) {
            throw new AssertionError(check.getName() + " linked but failed", cause);
          }
          failed.put(check.getName(), cause.toString());
        }
      }
    }
    Map<String, String> unexpected = new TreeMap<>(failed);
    unexpected.keySet().removeAll(BUILT_ELSEWHERE);
    assertEquals(Map.of(), unexpected, "members of 3.0.14 that code compiled against it cannot link to");
    Set<String> nowLinked = new TreeSet<>(BUILT_ELSEWHERE);
    nowLinked.retainAll(linked);
    assertEquals(Set.of(), nowLinked, "now linked: remove them from BUILT_ELSEWHERE");
    assertEquals(CHECKS, linked.size() + failed.size(), "checks run: " + linked + ", failed: " + failed);
  }
}
