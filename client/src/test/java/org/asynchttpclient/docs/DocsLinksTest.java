package org.asynchttpclient.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/*.md resolves: the file it names exists, and its
 * {@code #anchor} (in that file, or in the page itself) matches a heading as GitHub slugs it.
 * Links to other sites are not followed. Also: the README stays a front page (at most 400 lines).
 */
class DocsLinksTest {
  static final int README_MAX_LINES = 400;

  // [text](target) and ![alt](target); the target ends at the first space or closing parenthesis.
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern DOCS_PAGE = Pattern.compile("\\bdocs/[A-Za-z0-9_-]+\\.(?:md|svg)\\b");
  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    List<String> broken = new ArrayList<>();
    Map<Path, Set<String>> anchorsByPage = new HashMap<>();
    for (Path page : RepoFiles.markdownPages()) {
      for (String target : links(RepoFiles.read(page))) {
        String problem = check(page, target, anchorsByPage);
        if (problem != null) {
          broken.add(RepoFiles.relative(page) + ": (" + target + ") " + problem);
        }
      }
    }
    assertEquals(List.of(), broken, String.join("\n", broken));
  }

  /**
   * A page of docs/ named in the code (a comment, a message, a pom, the defaults file) exists:
   * code sends its reader there for what it does not say itself.
   */
  @Test
  void everyDocsPageTheCodeNamesExists() throws Exception {
    Path root = RepoFiles.root();
    List<Path> files = new ArrayList<>();
    files.addAll(RepoFiles.javaFiles(root.resolve("client/src")));
    for (Path extra : RepoFiles.javaFiles(root.resolve("extras"))) {
      if (RepoFiles.relative(extra).matches("extras/[^/]+/src/.*")) {
        files.add(extra); // not what a build generated under target/
      }
    }
    files.add(root.resolve("client/src/main/resources/org/asynchttpclient/config/ahc-default.properties"));
    files.add(root.resolve("AGENTS.md"));
    try (Stream<Path> poms = Files.walk(root, 3)) {
      poms.filter(p -> p.getFileName().toString().equals("pom.xml")).forEach(files::add);
    }
    List<String> missing = new ArrayList<>();
    for (Path file : files) {
      if (RepoFiles.relative(file).startsWith("client/src/test/java/org/asynchttpclient/docs/")) {
        continue; // these tests' own examples
      }
      String[] lines = RepoFiles.read(file).split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        Matcher m = DOCS_PAGE.matcher(lines[i]);
        while (m.find()) {
          if (!Files.exists(root.resolve(m.group()))) {
            missing.add(RepoFiles.relative(file) + ":" + (i + 1) + " names " + m.group()
                + ", which does not exist");
          }
        }
      }
    }
    assertEquals(List.of(), missing, String.join("\n", missing));
  }

  @Test
  void theReadmeIsAtMost400Lines() {
    Path readme = RepoFiles.root().resolve("README.md");
    int lines = RepoFiles.read(readme).split("\n", -1).length;
    assertTrue(lines <= README_MAX_LINES + 1, // a final newline leaves one empty piece
        "README.md has " + lines + " lines (at most " + README_MAX_LINES
            + "): move the detail into a page of docs/ and link it");
  }

  @Test
  void slugsAreGitHubs() {
    assertEquals("http2", slug("HTTP/2"));
    assertEquals("a-hosts-addresses", slug("A host's addresses"));
    assertEquals("micrometer-extrasmicrometer", slug("Micrometer (`extras/micrometer`)"));
    assertEquals("why-not-asynchttpclient-3014", slug("Why not AsyncHttpClient 3.0.14?"));
    assertEquals("e1-e11-event-loop-timeouts", slug("E1-E11: event-loop timeouts"));
    assertEquals("with-the-opentelemetry-java-agent", slug("With the OpenTelemetry Java agent"));
    assertEquals(List.of("docs/a.md#b", "c.svg"),
        links("see [a](docs/a.md#b) and ![c](c.svg), not `[d](e.md)` nor\n```\n[f](g.md)\n```\n"));
  }

  /** The problem with {@code target} as a link of {@code page}, or null when it resolves. */
  private static String check(Path page, String target, Map<Path, Set<String>> anchorsByPage) {
    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return null; // https:, mailto:, ...: another site
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!resolved.startsWith(RepoFiles.root()) || !Files.exists(resolved)) {
      return "no such file: " + RepoFiles.root().relativize(resolved);
    }
    if (anchor == null) {
      return null;
    }
    if (!resolved.toString().endsWith(".md")) {
      return "an anchor into a file that is not a page";
    }
    Set<String> anchors =
        anchorsByPage.computeIfAbsent(resolved, p -> anchors(RepoFiles.read(p)));
    return anchors.contains(anchor)
        ? null
        : "no heading with the anchor #" + anchor + " in " + RepoFiles.relative(resolved);
  }

  /** The link targets of {@code page}, outside fenced code blocks and inline code. */
  static List<String> links(String page) {
    List<String> targets = new ArrayList<>();
    boolean fenced = false;
    for (String line : page.split("\n", -1)) {
      if (line.trim().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
      while (m.find()) {
        targets.add(m.group(1));
      }
    }
    return targets;
  }

  /** The anchors GitHub makes of the headings of {@code page}: slug, then slug-1, slug-2... */
  static Set<String> anchors(String page) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : page.split("\n", -1)) {
      if (line.trim().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      Matcher m = HEADING.matcher(line);
      if (fenced || !m.matches()) {
        continue;
      }
      String slug = slug(m.group(2));
      int n = seen.merge(slug, 1, Integer::sum);
      anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
    }
    return anchors;
  }

  /**
   * GitHub's heading anchor: lower case; markup, punctuation and symbols dropped (letters,
   * digits, spaces, hyphens and underscores kept); each space a hyphen.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link: its text
    return text.toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }
}
