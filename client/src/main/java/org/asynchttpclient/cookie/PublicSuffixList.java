package org.asynchttpclient.cookie;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.IDN;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a domain name is a public suffix: a name under which anyone may register, so a cookie
 * {@code Domain} naming it would reach every site beneath it (RFC 6265 section 5.3 step 5).
 *
 * <p>The rules are the Public Suffix List (publicsuffix.org, MPL-2.0), shipped unmodified as the
 * resource {@code public_suffix_list.dat} beside this class, both sections: the ICANN one (registries
 * such as {@code co.uk}) and the private one (hosting platforms such as {@code github.io} or {@code
 * blogspot.com}, where unrelated parties each own a name under a shared suffix). On top of the list:
 *
 * <ul>
 *   <li>every single-label name is a suffix (the list's implicit {@code *} rule): {@code localhost},
 *       {@code com}, {@code ck}, an intranet name;
 *   <li>names compare in lower case ({@link Locale#ROOT}) without a trailing dot, and an
 *       internationalised name matches in either form: a rule written in Unicode also matches its
 *       punycode ({@code xn--}) spelling, which is how a host name reaches the client in a URI;
 *   <li>a wildcard rule {@code *.x} makes every direct child of {@code x} a suffix, except a name an
 *       exception rule {@code !name} lists.
 * </ul>
 *
 * <p>The list is read once, on first use (a client that never sees a {@code Domain} attribute never
 * reads it). If the resource cannot be read, only the implicit single-label rule applies and a
 * warning is logged once. The list is data and ages: a suffix added after the bundled version is not
 * known until the file is refreshed.
 *
 * <p>Thread-safe: immutable after class initialisation of its holder.
 */
public final class PublicSuffixList {
  private static final Logger LOGGER = LoggerFactory.getLogger(PublicSuffixList.class);
  static final String RESOURCE = "public_suffix_list.dat";

  private PublicSuffixList() {}

  /**
   * Whether {@code domain} is a public suffix, and so may not be the {@code Domain} of a cookie set by
   * a host other than itself.
   *
   * @param domain a host name without a leading dot, in any case, Unicode or punycode; null or empty
   *     is not a suffix
   */
  public static boolean isPublicSuffix(@Nullable String domain) {
    String name = normalize(domain);
    if (name == null) {
      return false;
    }
    return Rules.INSTANCE.isSuffix(name);
  }

  /** The lower-case ASCII form of {@code domain} without a trailing dot; null when there is none. */
  static @Nullable String normalize(@Nullable String domain) {
    if (domain == null || domain.isEmpty()) {
      return null;
    }
    String name = domain.toLowerCase(Locale.ROOT);
    if (name.charAt(name.length() - 1) == '.') {
      name = name.substring(0, name.length() - 1);
    }
    if (name.isEmpty()) {
      return null;
    }
    return toAscii(name);
  }

  /** The punycode form of a name with non-ASCII letters; the name itself when it has none or is invalid. */
  private static String toAscii(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (name.charAt(i) > 0x7f) {
        try {
          return IDN.toASCII(name, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException notAName) {
          return name;
        }
      }
    }
    return name;
  }

  /** The three rule sets, each holding ASCII (punycode) names. */
  static final class Rules {
    static final Rules INSTANCE = load();

    private final Set<String> exact;
    /** {@code x} for each rule {@code *.x}. */
    private final Set<String> wildcardParents;
    /** {@code name} for each rule {@code !name}. */
    private final Set<String> exceptions;

    Rules(Set<String> exact, Set<String> wildcardParents, Set<String> exceptions) {
      this.exact = exact;
      this.wildcardParents = wildcardParents;
      this.exceptions = exceptions;
    }

    /** {@code name}: lower-case ASCII, no trailing dot, not empty. */
    boolean isSuffix(String name) {
      if (exceptions.contains(name)) {
        return false;
      }
      if (exact.contains(name)) {
        return true;
      }
      int dot = name.indexOf('.');
      if (dot < 0) {
        return true; // the implicit "*" rule: every top-level label is a suffix
      }
      return dot > 0 && wildcardParents.contains(name.substring(dot + 1));
    }

    int size() {
      return exact.size() + wildcardParents.size() + exceptions.size();
    }

    private static Rules load() {
      Set<String> exact = new HashSet<>(16384);
      Set<String> wildcards = new HashSet<>(128);
      Set<String> exceptions = new HashSet<>(32);
      try (InputStream in = PublicSuffixList.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          LOGGER.warn(
              "{} is not on the class path: only single-label names count as public suffixes",
              RESOURCE);
        } else {
          parse(new BufferedReader(new InputStreamReader(in, UTF_8)), exact, wildcards, exceptions);
        }
      } catch (IOException | RuntimeException e) {
        LOGGER.warn("{} could not be read: only single-label names count as public suffixes", RESOURCE, e);
        exact.clear();
        wildcards.clear();
        exceptions.clear();
      }
      return new Rules(
          Collections.unmodifiableSet(exact),
          Collections.unmodifiableSet(wildcards),
          Collections.unmodifiableSet(exceptions));
    }

    /** One rule per line, up to the first white space; lines starting with {@code //} are comments. */
    static void parse(
        BufferedReader reader, Set<String> exact, Set<String> wildcards, Set<String> exceptions)
        throws IOException {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        String rule = firstWord(line);
        if (rule.isEmpty() || rule.startsWith("//")) {
          continue;
        }
        if (rule.charAt(0) == '!') {
          exceptions.add(toAscii(rule.substring(1).toLowerCase(Locale.ROOT)));
        } else if (rule.startsWith("*.")) {
          wildcards.add(toAscii(rule.substring(2).toLowerCase(Locale.ROOT)));
        } else {
          exact.add(toAscii(rule.toLowerCase(Locale.ROOT)));
        }
      }
    }

    private static String firstWord(String line) {
      int start = 0;
      while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
        start++;
      }
      int end = start;
      while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
        end++;
      }
      return line.substring(start, end);
    }
  }
}
