package org.asynchttpclient.uri;

import org.jetbrains.annotations.Nullable;

/**
 * The absolute URLs parsed most recently, so that a service calling the same endpoints again and
 * again does not parse (and allocate) each of their URLs anew on every request: a direct-mapped
 * table of {@value #SLOTS} entries, indexed by the text's hash. A {@link Uri} is immutable, so one
 * instance serves every request made with the same text; a collision or a miss just parses.
 *
 * <p>Memory is bounded: at most {@value #SLOTS} entries, each of a text of at most {@value
 * #MAX_LENGTH} characters (longer ones are never kept).
 *
 * <p>Threads: any. Slots are read and written without locks: an {@link Entry} has only final
 * fields, so a thread that sees one sees it whole; a thread that sees an older entry, or none,
 * parses as it would without the table.
 */
final class ParsedUris {
  private static final int SLOTS = 256; // a power of two
  private static final int MAX_LENGTH = 512;

  // any thread, see the class javadoc
  private static final Entry[] TABLE = new Entry[SLOTS]; // elements null until first put

  private ParsedUris() {}

  private static final class Entry {
    // immutable
    final String text;
    final Uri uri;

    Entry(String text, Uri uri) {
      this.text = text;
      this.uri = uri;
    }
  }

  /** The URI parsed earlier from exactly {@code text}, or null. */
  static @Nullable Uri get(String text) {
    Entry e = TABLE[slot(text)];
    return e != null && e.text.equals(text) ? e.uri : null;
  }

  /** Remembers that {@code text} parses to {@code uri}. */
  static void put(String text, Uri uri) {
    if (text.length() <= MAX_LENGTH) {
      TABLE[slot(text)] = new Entry(text, uri);
    }
  }

  private static int slot(String text) {
    int h = text.hashCode();
    return (h ^ (h >>> 16)) & (SLOTS - 1);
  }
}
