package org.asynchttpclient;

/** The HTTP protocol version a response was received with. */
public enum HttpProtocol {
  HTTP_1_0("HTTP/1.0"),
  HTTP_1_1("HTTP/1.1"),
  HTTP_2("HTTP/2");

  private final String text;

  HttpProtocol(String text) {
    this.text = text;
  }

  /** The protocol as it is written in a status line, such as {@code HTTP/1.1}. */
  public String getText() {
    return text;
  }

  @Override
  public String toString() {
    return text;
  }
}
