package org.asynchttpclient.extras.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.asynchttpclient.uri.Uri;

/**
 * The attributes of OpenTelemetry's stable HTTP client semantic conventions that this module sets,
 * and how their values are derived from a request. Declared here rather than taken from the
 * semantic-conventions artifact: a handful of stable names is not worth a dependency.
 */
final class HttpAttributes {
  static final AttributeKey<String> HTTP_REQUEST_METHOD =
      AttributeKey.stringKey("http.request.method");
  static final AttributeKey<String> HTTP_REQUEST_METHOD_ORIGINAL =
      AttributeKey.stringKey("http.request.method_original");
  static final AttributeKey<Long> HTTP_REQUEST_RESEND_COUNT =
      AttributeKey.longKey("http.request.resend_count");
  static final AttributeKey<Long> HTTP_RESPONSE_STATUS_CODE =
      AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> NETWORK_PEER_ADDRESS =
      AttributeKey.stringKey("network.peer.address");
  static final AttributeKey<Long> NETWORK_PEER_PORT = AttributeKey.longKey("network.peer.port");

  /** {@code "1.1"} or {@code "2"}, as the hop reports it; absent for a hop that wrote nothing. */
  static final AttributeKey<String> NETWORK_PROTOCOL_VERSION =
      AttributeKey.stringKey("network.protocol.version");

  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  /** This module's own attributes, on a span whose hop a timeout ended. */
  static final AttributeKey<String> TIMEOUT_KIND =
      AttributeKey.stringKey("asynchttpclient.timeout.kind");

  static final AttributeKey<String> TIMEOUT_PHASE =
      AttributeKey.stringKey("asynchttpclient.timeout.phase");
  static final AttributeKey<Double> TIMEOUT_LATENESS =
      AttributeKey.doubleKey("asynchttpclient.timeout.lateness");

  /**
   * On the span of an attempt of a hedged hop: {@code sent} on a hedge's own span, {@code won}
   * when a hedge's response head came first, {@code cancelled} on the span of an attempt that lost
   * (its stream reset or its connection closed).
   */
  static final AttributeKey<String> HEDGE = AttributeKey.stringKey("asynchttpclient.hedge");

  /** The value of {@code http.request.method} for a method outside the known set. */
  static final String OTHER_METHOD = "_OTHER";

  private static final Set<String> KNOWN_METHODS =
      new HashSet<>(
          Arrays.asList(
              "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"));

  /** Query parameters whose values the conventions ask to redact from {@code url.full}. */
  private static final Set<String> SENSITIVE_QUERY_PARAMETERS =
      new HashSet<>(Arrays.asList("AWSAccessKeyId", "Signature", "sig", "X-Goog-Signature"));

  static final String REDACTED = "REDACTED";

  private HttpAttributes() {}

  /** Whether {@code method} is one of the methods the conventions name (case-sensitive). */
  static boolean isKnownMethod(String method) {
    return KNOWN_METHODS.contains(method);
  }

  /** {@code method} as {@code http.request.method} reports it: itself if known, else _OTHER. */
  static String method(String method) {
    return isKnownMethod(method) ? method : OTHER_METHOD;
  }

  /**
   * The URL for {@code url.full}: without the fragment, with user info replaced by {@code
   * REDACTED:REDACTED} and the values of signature-like query parameters by {@code REDACTED}.
   */
  static String fullUrl(Uri uri) {
    StringBuilder sb = new StringBuilder(64).append(uri.getScheme()).append("://");
    if (uri.getUserInfo() != null) {
      sb.append(REDACTED).append(':').append(REDACTED).append('@');
    }
    sb.append(uri.getHost());
    if (uri.getPort() != -1) {
      sb.append(':').append(uri.getPort());
    }
    sb.append(uri.getPath());
    String query = uri.getQuery();
    if (query != null) {
      sb.append('?');
      redactQuery(query, sb);
    }
    return sb.toString();
  }

  private static void redactQuery(String query, StringBuilder sb) {
    int start = 0;
    while (start <= query.length()) {
      int end = query.indexOf('&', start);
      if (end < 0) {
        end = query.length();
      }
      String pair = query.substring(start, end);
      int eq = pair.indexOf('=');
      if (eq > 0 && SENSITIVE_QUERY_PARAMETERS.contains(pair.substring(0, eq))) {
        sb.append(pair, 0, eq + 1).append(REDACTED);
      } else {
        sb.append(pair);
      }
      if (end < query.length()) {
        sb.append('&');
      }
      start = end + 1;
    }
  }

  /** The host for {@code server.address}: an IPv6 literal without its brackets. */
  static String serverAddress(Uri uri) {
    String host = uri.getHost();
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  /** The lower-case form of an enum constant's name, as this module's attribute values use. */
  static String lowerCase(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
