package org.asynchttpclient.docs;

/** One comment of a source file: the line it starts on and its text, markers left out. */
final class Comment {
  final int line;
  final String text;

  Comment(int line, String text) {
    this.line = line;
    this.text = text;
  }
}
