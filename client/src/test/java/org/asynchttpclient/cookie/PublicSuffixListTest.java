package org.asynchttpclient.cookie;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PublicSuffixListTest {

  @Test
  void theBundledListIsRead() {
    // About 10,000 rules in both sections: a missing resource would leave only the implicit rule.
    assertTrue(PublicSuffixList.Rules.INSTANCE.size() > 9000, "rules: " + PublicSuffixList.Rules.INSTANCE.size());
  }

  @Test
  void icannRegistriesAreSuffixesAndTheirSitesAreNot() {
    assertTrue(PublicSuffixList.isPublicSuffix("co.uk"));
    assertTrue(PublicSuffixList.isPublicSuffix("CO.UK."), "case and a trailing dot do not matter");
    assertTrue(PublicSuffixList.isPublicSuffix("com"));
    assertFalse(PublicSuffixList.isPublicSuffix("example.co.uk"));
    assertFalse(PublicSuffixList.isPublicSuffix("example.com"));
  }

  @Test
  void thePrivateSectionCounts() {
    assertTrue(PublicSuffixList.isPublicSuffix("github.io"));
    assertTrue(PublicSuffixList.isPublicSuffix("blogspot.com"));
    assertFalse(PublicSuffixList.isPublicSuffix("someone.github.io"));
  }

  @Test
  void everySingleLabelIsASuffix() {
    assertTrue(PublicSuffixList.isPublicSuffix("localhost"));
    assertTrue(PublicSuffixList.isPublicSuffix("intranet"));
    assertTrue(PublicSuffixList.isPublicSuffix("ck"));
  }

  @Test
  void wildcardsAndTheirExceptions() {
    assertTrue(PublicSuffixList.isPublicSuffix("anything.ck"), "*.ck");
    assertFalse(PublicSuffixList.isPublicSuffix("www.ck"), "!www.ck");
    assertFalse(PublicSuffixList.isPublicSuffix("site.anything.ck"));
    assertTrue(PublicSuffixList.isPublicSuffix("ward.kawasaki.jp"));
    assertFalse(PublicSuffixList.isPublicSuffix("city.kawasaki.jp"));
  }

  @Test
  void internationalisedRulesMatchInBothForms() {
    String unicode = "\u516c\u53f8.cn"; // listed in Unicode
    assertTrue(PublicSuffixList.isPublicSuffix(unicode));
    assertTrue(PublicSuffixList.isPublicSuffix("xn--55qx5d.cn"), "its punycode form");
    assertTrue(PublicSuffixList.isPublicSuffix("XN--55QX5D.CN"));
    assertFalse(PublicSuffixList.isPublicSuffix("shop.xn--55qx5d.cn"));
  }

  @Test
  void nothingIsNotASuffix() {
    assertFalse(PublicSuffixList.isPublicSuffix(null));
    assertFalse(PublicSuffixList.isPublicSuffix(""));
    assertFalse(PublicSuffixList.isPublicSuffix("."));
  }

  @Test
  void theParserTakesTheFirstWordAndSkipsComments() throws Exception {
    Set<String> exact = new HashSet<>();
    Set<String> wildcards = new HashSet<>();
    Set<String> exceptions = new HashSet<>();
    PublicSuffixList.Rules.parse(
        new BufferedReader(
            new StringReader("// a comment\n\nexample  trailing words\n*.wild\n!not.wild\n  spaced\n")),
        exact,
        wildcards,
        exceptions);
    PublicSuffixList.Rules rules =
        new PublicSuffixList.Rules(
            Collections.unmodifiableSet(exact), Collections.unmodifiableSet(wildcards), Collections.unmodifiableSet(exceptions));
    assertTrue(exact.contains("example") && exact.contains("spaced"), exact.toString());
    assertTrue(rules.isSuffix("x.wild"));
    assertFalse(rules.isSuffix("not.wild"));
    assertFalse(rules.isSuffix("a.example"));
  }
}
