package org.asynchttpclient.util;

import org.jetbrains.annotations.Contract;
import org.jetbrains.annotations.Nullable;

/**
 * UTF-8 percent-encoding of URI components and form fields, with 3.0.11's rules.
 *
 * <ul>
 *   <li>{@link #encodePath} and {@link #encodeAndAppendQuery} encode what RFC 3986 does not allow in a
 *       path or a query and keep the rest, {@code %} included: the input is taken as already encoded
 *       where it has escapes.
 *   <li>{@link #encodeQueryElement}, {@link #encodeAndAppendQueryElement} and {@link
 *       #encodeAndAppendFormElement} encode one name or value completely: only ALPHA, DIGIT and {@code
 *       - . _ *} stay; a space becomes {@code %20} in a query and {@code +} in a form.
 *   <li>{@link #percentEncodeQueryElement} and {@link #encodeAndAppendPercentEncoded} keep only the
 *       RFC 3986 unreserved characters (ALPHA, DIGIT and {@code - . _ ~}), as OAuth 1.0 requires.
 * </ul>
 *
 * <p>The request builder's own encoder ({@link UriEncoder#FIXING}) differs in one point: it encodes
 * a {@code %} that starts no valid escape, so that the request target stays well-formed.
 */
public final class Utf8UrlEncoder {

  private Utf8UrlEncoder() {}

  /** {@code input} with what may not stand in a path encoded; {@code input} itself when nothing changes. */
  public static String encodePath(String input) {
    return Utf8PercentEncoder.encodePathKeepingPercent(input);
  }

  /**
   * {@code query} with what may not stand in a query encoded ({@code a=one two} gives {@code
   * a=one%20two}, non-ASCII is UTF-8 escaped); {@code &}, {@code =}, {@code /}, {@code ?} and every
   * {@code %} stay. Returns {@code query} itself when nothing changes. Package-private as in AHC 3.0.12,
   * where it serves the query encoding of {@code UriEncoder}; ours encodes a lone {@code %} there.
   */
  static String encodeQuery(String query) {
    return Utf8PercentEncoder.encodeQueryKeepingPercent(query);
  }

  /** Appends {@code query} with what may not stand in a query encoded; {@code &}, {@code =} and {@code %} stay. */
  public static StringBuilder encodeAndAppendQuery(StringBuilder sb, String query) {
    return Utf8PercentEncoder.appendQueryKeepingPercent(sb, query);
  }

  /** One query parameter name or value, completely encoded (a space is {@code %20}). */
  public static String encodeQueryElement(String input) {
    return Utf8PercentEncoder.encodeQueryElement(input);
  }

  /** Appends one query parameter name or value, completely encoded (a space is {@code %20}). */
  public static StringBuilder encodeAndAppendQueryElement(StringBuilder sb, CharSequence input) {
    return Utf8PercentEncoder.appendQueryElement(sb, input);
  }

  /** Appends one form field name or value as {@code application/x-www-form-urlencoded} (a space is {@code +}). */
  public static StringBuilder encodeAndAppendFormElement(StringBuilder sb, CharSequence input) {
    return Utf8PercentEncoder.appendFormElement(sb, input);
  }

  /** {@code input} with everything but the RFC 3986 unreserved characters encoded; null for null. */
  @Contract("!null -> !null")
  public static @Nullable String percentEncodeQueryElement(@Nullable String input) {
    return input == null ? null : Utf8PercentEncoder.encodeStrict(input);
  }

  /** Appends {@code input} with everything but the RFC 3986 unreserved characters encoded. */
  public static StringBuilder encodeAndAppendPercentEncoded(StringBuilder sb, CharSequence input) {
    return Utf8PercentEncoder.appendStrict(sb, input);
  }
}
