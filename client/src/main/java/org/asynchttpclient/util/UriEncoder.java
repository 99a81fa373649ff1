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
 *       query (keeping existing {@code %XX} escapes; a space becomes {@code %20}), and encodes each added query parameter name and value
 *       completely, so that an {@code &} or {@code =} inside a value stays data. Unlike 3.0.11 it also
 *       encodes a {@code %} that starts no valid escape ({@code /100%} is sent as {@code /100%25}), so
 *       that the request target stays well-formed.
 *   <li>{@link #RAW} ({@code disableUrlEncoding}) leaves the path and query as given and appends the
 *       parameters verbatim: the caller has encoded them. A parameter that holds a control character or
 *       whitespace other than a space is still refused, by {@link Uri}; a space is kept as in 3.0.11, and
 *       the request then fails when its request line is written, where a space would end the target
 *       early. Unlike 3.0.11,
 *       parameters added to a URI that already has a query are joined to it with {@code &}.
 * </ul>
 */
public enum UriEncoder {
  FIXING {
    @Override
    protected String encodePath(String path) {
      return Utf8PercentEncoder.fixPath(path);
    }

    @Override
    protected String withQueryWithoutParams(String query) {
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
    protected String encodePath(String path) {
      return path;
    }

    @Override
    protected String withQueryWithoutParams(String query) {
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
   * {@code queryParams}, if any, appended to the query in order. Returns {@code uri} itself when
   * nothing changes (as AHC 3.0.12 does), so the common already-encoded request makes no copy.
   */
  public Uri encode(Uri uri, @Nullable List<Param> queryParams) {
    String path = encodePath(uri.getPath());
    String query = uri.getQuery();
    List<Param> params = queryParams == null || queryParams.isEmpty() ? null : queryParams;
    String encodedQuery;
    if (query != null && !query.isEmpty()) {
      encodedQuery = params != null ? withQueryWithParams(query, params) : withQueryWithoutParams(query);
    } else {
      encodedQuery = params != null ? withoutQueryWithParams(params) : null;
    }
    if (path.equals(uri.getPath()) && Objects.equals(encodedQuery, query)) {
      return uri;
    }
    return new Uri(uri.getScheme(), uri.getUserInfo(), uri.getHost(), uri.getPort(), path, encodedQuery,
        uri.getFragment());
  }

  /** The path to send for {@code path}. */
  protected abstract String encodePath(String path);

  /** The query to send for a URI query and no added parameters. */
  protected abstract String withQueryWithoutParams(String query);

  /** The query to send for a URI query followed by added parameters, joined with {@code &}. */
  protected String withQueryWithParams(String query, List<Param> queryParams) {
    StringBuilder sb = new StringBuilder(query.length() + 16 * queryParams.size());
    sb.append(withQueryWithoutParams(query));
    for (Param param : queryParams) {
      appendParam(sb.append('&'), param);
    }
    return sb.toString();
  }

  /** The query to send for added parameters alone, joined with {@code &}. */
  protected String withoutQueryWithParams(List<Param> queryParams) {
    StringBuilder sb = new StringBuilder(16 * queryParams.size());
    for (int i = 0; i < queryParams.size(); i++) {
      if (i > 0) {
        sb.append('&');
      }
      appendParam(sb, queryParams.get(i));
    }
    return sb.toString();
  }

  abstract void appendParam(StringBuilder sb, Param param);
}
