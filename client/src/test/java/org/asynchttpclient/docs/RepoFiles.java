package org.asynchttpclient.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The repository's files as the docs tests read them: the tests run with {@code client/} as the directory. */
final class RepoFiles {
  private RepoFiles() {}

  /** The repository's root: the directory above {@code client/} that holds README.md. */
  static Path root() {
    Path here = Paths.get("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("client"))) {
        return p;
      }
    }
    throw new AssertionError("no README.md beside client/ above " + here);
  }

  static String read(Path file) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** README.md and every docs/*.md, README first, then by name. */
  static List<Path> markdownPages() {
    Path root = root();
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      pages.addAll(
          docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted()
              .collect(Collectors.toList()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  /** Every .java file under {@code dir}, sorted; none when it does not exist. */
  static List<Path> javaFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The path of {@code file} from the repository's root, with forward slashes. */
  static String relative(Path file) {
    return root().relativize(file).toString().replace('\\', '/');
  }
}
