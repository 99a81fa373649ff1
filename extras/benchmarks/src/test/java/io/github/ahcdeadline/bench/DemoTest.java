package io.github.ahcdeadline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

class DemoTest {
  @Test
  void picturesGoToTargetDocsOrToADirectoryRelativeToTheRepositoryRoot() {
    assertEquals(BenchPaths.target().resolve("docs"), Demo.svgDir(null));
    assertEquals(BenchPaths.target().resolve("docs"), Demo.svgDir(""));
    Path root = BenchPaths.repositoryRoot();
    assertEquals(root.resolve("docs"), Demo.svgDir("docs"));
    // the module's target is extras/benchmarks/target under the root
    assertEquals(root.resolve("extras/benchmarks/target").normalize(),
        BenchPaths.target().toAbsolutePath().normalize());
    Path absolute = Paths.get("/tmp/pictures").toAbsolutePath();
    assertEquals(absolute, Demo.svgDir(absolute.toString()));
  }
}
