package org.asynchttpclient.request.body.multipart;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.charset.Charset;
import java.util.Objects;
import org.jetbrains.annotations.Nullable;

/**
 * A part whose content is a string, encoded with its charset (UTF-8 unless given). As in AHC 3.0.11,
 * no Content-Type header is sent unless a content type is given; the charset is only sent as a
 * parameter of that header.
 */
public class StringPart extends PartBase {

  private final String value;

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param value the content
   */
  public StringPart(@Nullable String name, String value) {
    this(name, value, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param value the content
   * @param contentType the content type, or null for no Content-Type header
   */
  public StringPart(@Nullable String name, String value, @Nullable String contentType) {
    this(name, value, contentType, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param value the content
   * @param contentType the content type, or null for no Content-Type header
   * @param charset the charset used to encode the value, or null for UTF-8
   */
  public StringPart(
      @Nullable String name,
      String value,
      @Nullable String contentType,
      @Nullable Charset charset) {
    this(name, value, contentType, charset, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param value the content
   * @param contentType the content type, or null for no Content-Type header
   * @param charset the charset used to encode the value, or null for UTF-8
   * @param contentId the Content-ID, or null
   */
  public StringPart(
      @Nullable String name,
      String value,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String contentId) {
    this(name, value, contentType, charset, contentId, null);
  }

  /**
   * Creates a part.
   *
   * @param name the form field name
   * @param value the content; must not contain NUL characters
   * @param contentType the content type, or null for no Content-Type header
   * @param charset the charset used to encode the value, or null for UTF-8
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  public StringPart(
      @Nullable String name,
      String value,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    super(name, contentType, charset != null ? charset : UTF_8, contentId, transferEncoding);
    Objects.requireNonNull(value, "value");
    // RFC 2045 section 2.8: 8bit data may not contain NUL.
    if (value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          "value: contains a NUL character at index "
              + value.indexOf('\0')
              + " (expected none in a string part)");
    }
    this.value = value;
  }

  /** The content. */
  public String getValue() {
    return value;
  }
}
