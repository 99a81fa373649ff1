package org.asynchttpclient.util;

import java.util.List;
import java.util.Objects;
import org.asynchttpclient.Param;
import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * How a request builder turns the URI it was given plus its query parameters into the URI that is sent.
 *
 * <ul>
 *   <li>{@link #FIXING} (the default) percent-encodes, as UTF-8, whatever may not stand in the path or the
 *       query (keeping existing {@code %XX} escapes), and encodes each added query parameter name and value
 *       completely, so that an {@code &} or {@code =} inside a value stays data.
 *   <li>{@link #RAW} ({@code disableUrlEncoding}) leaves the path and query as given and appends the
 *       parameters verbatim: the caller has encoded them. A parameter that holds whitespace or a control
 *       character is still refused, by {@link Uri}, so it cannot reach the request line.
 * </ul>
 */
public enum UriEncoder {
  FIXING {
    @Override
    String encodePath(String path) {
      return Utf8PercentEncoder.fixPath(path);
    }

    @Override
    String encodeQuery(String query) {
      return Utf8PercentEncoder.fixQuery(query);
    }

    @Override
    void appendParam(StringBuilder sb, Param param) {
      Utf8PercentEncoder.appendQueryElement(sb, param.getName());
      String value = param.getValue();
      if (value != null) {
        Utf8PercentEncoder.appendQueryElement(sb.append('='), value);
      }
    }
  },
  RAW {
    @Override
    String encodePath(String path) {
      return path;
    }

    @Override
    String encodeQuery(String query) {
      return query;
    }

    @Override
    void appendParam(StringBuilder sb, Param param) {
      sb.append(param.getName());
      String value = param.getValue();
      if (value != null) {
        sb.append('=').append(value);
      }
    }
  };

  /** {@link #RAW} when URL encoding is disabled, {@link #FIXING} otherwise. */
  public static UriEncoder uriEncoder(boolean disableUrlEncoding) {
    return disableUrlEncoding ? RAW : FIXING;
  }

  /**
   * Returns the URI to send: {@code uri} with its path and query encoded by this mode and
   * {@code queryParams}, if any, appended to the query in order.
   */
  public Uri encode(Uri uri, @Nullable List<Param> queryParams) {
    String path = encodePath(uri.getPath());
    String query = uri.getQuery();
    String encodedQuery = query == null || query.isEmpty() ? null : encodeQuery(query);
    if (queryParams != null && !queryParams.isEmpty()) {
      StringBuilder sb = new StringBuilder(encodedQuery == null ? 32 : encodedQuery.length() + 32);
      if (encodedQuery != null) {
        sb.append(encodedQuery).append('&');
      }
      for (Param param : queryParams) {
        appendParam(sb, param);
        sb.append('&');
      }
      sb.setLength(sb.length() - 1);
      encodedQuery = sb.toString();
    }
    if (path.equals(uri.getPath()) && Objects.equals(encodedQuery, query)) {
      return uri;
    }
    return new Uri(uri.getScheme(), uri.getUserInfo(), uri.getHost(), uri.getPort(), path, encodedQuery,
        uri.getFragment());
  }

  abstract String encodePath(String path);

  abstract String encodeQuery(String query);

  abstract void appendParam(StringBuilder sb, Param param);
}
