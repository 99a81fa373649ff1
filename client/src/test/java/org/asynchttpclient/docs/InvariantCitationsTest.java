package org.asynchttpclient.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every invariant a code comment cites by its code (O1, D3, E7...) is defined in
 * docs/invariants.md, so a contributor who clones the repository can look it up; and no comment
 * sends the reader to the README, which is a front page: figures live in docs/benchmarks.md, the
 * rest in the other pages of docs/.
 *
 * <p>A citation is a letter of an invariant family followed by one or two digits, as a word, in a
 * comment (line or block, javadoc included) of a Java file of {@code client/src} or
 * {@code extras/*}{@code /src}. A few such words mean something else; {@link #OTHER_MEANINGS}
 * lists them with the words around them that say so.
 */
class InvariantCitationsTest {
  static final String PAGE = "docs/invariants.md";

  private static final Pattern CODE = Pattern.compile("(?<!%)\\b([EDOTAHWPCRG])([0-9]{1,2})\\b");
  /** How docs/invariants.md defines one: a list item that starts with the code in bold. */
  private static final Pattern DEFINITION = Pattern.compile("^- \\*\\*([A-Z][0-9]{1,2})\\.\\*\\*");
  /** Words shaped like a code that are not one, recognised by what follows or precedes them. */
  private static final Pattern OTHER_MEANINGS = Pattern.compile(
      "\\bC[01] control" // the control-character sets of Unicode
          + "|\\bG1(?='s\\b| Young| Old| Concurrent| when| unless|, Z)" // the G1 collector
          + "|\\bC2\\b(?= still| compil)" // HotSpot's C2 compiler
          + "|\\bA[12] \\(RFC"); // Digest's A1 and A2
  private static final Pattern README = Pattern.compile("\\bREADME\\b");
  private static final String OWN_PACKAGE = "client/src/test/java/org/asynchttpclient/docs/";

  @Test
  void everyCitedInvariantIsDefined() {
    Set<String> defined = definedCodes(RepoFiles.read(RepoFiles.root().resolve(PAGE)));
    assertTrue(defined.size() >= 40, "codes found in " + PAGE + ": " + defined);
    List<String> undefined = new ArrayList<>();
    for (Path file : sources()) {
      for (Comment c : JavaComments.of(RepoFiles.read(file))) {
        for (String code : citations(c.text)) {
          if (!defined.contains(code)) {
            undefined.add(RepoFiles.relative(file) + ":" + c.line + " cites " + code
                + ", which " + PAGE + " does not define: define it there, or cite the right one");
          }
        }
      }
    }
    assertEquals(List.of(), undefined, String.join("\n", undefined));
  }

  @Test
  void noCommentSendsTheReaderToTheReadme() {
    List<String> found = new ArrayList<>();
    for (Path file : sources()) {
      if (RepoFiles.relative(file).startsWith(OWN_PACKAGE)) {
        continue; // the tests of the pages themselves name README.md
      }
      for (Comment c : JavaComments.of(RepoFiles.read(file))) {
        if (README.matcher(c.text).find()) {
          found.add(RepoFiles.relative(file) + ":" + c.line + " points to the README, a front page"
              + " that holds no detail: point to the page of docs/ that does (figures:"
              + " docs/benchmarks.md), or give the reason itself");
        }
      }
    }
    assertEquals(List.of(), found, String.join("\n", found));
  }

  @Test
  void citationsAreFoundAndOtherMeaningsLeftOut() {
    assertEquals(List.of("O1", "E4", "E7", "D1", "D7", "W3"),
        citations("one CAS (O1); order (E4, E7); SPEC D1-D7: see W3."));
    assertEquals(List.of(),
        citations("a C0 control, the C1 controls; G1's concurrent cycle; collector G1 when absent;"
            + " C2 still compiling; into A2 (RFC 7616); %C3%A9; H2O; E10x"));
    assertEquals(List.of("G1", "G2", "C1"), citations("hedges (G1, G2); one permit (C1)"));
    assertEquals(Set.of("E1", "O5"), definedCodes("- **E1.** a\ntext **E2.** b\n- **O5.** c\n"));
  }

  static List<String> citations(String comment) {
    List<String> codes = new ArrayList<>();
    for (String line : comment.split("\n", -1)) {
      String kept = OTHER_MEANINGS.matcher(line).replaceAll(" ");
      Matcher m = CODE.matcher(kept);
      while (m.find()) {
        codes.add(m.group());
      }
    }
    return codes;
  }

  static Set<String> definedCodes(String page) {
    Set<String> codes = new TreeSet<>();
    for (String line : page.split("\n", -1)) {
      Matcher m = DEFINITION.matcher(line);
      if (m.find()) {
        codes.add(m.group(1));
      }
    }
    return codes;
  }

  private static List<Path> sources() {
    Path root = RepoFiles.root();
    List<Path> files = new ArrayList<>(RepoFiles.javaFiles(root.resolve("client/src")));
    for (Path extra : RepoFiles.javaFiles(root.resolve("extras"))) {
      String rel = RepoFiles.relative(extra);
      if (rel.matches("extras/[^/]+/src/.*")) {
        files.add(extra);
      }
    }
    return files;
  }
}
