package org.asynchttpclient.extras.micrometer;

import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.http.Outcome;
import org.jetbrains.annotations.Nullable;

/** The tags of one {@value AsyncHttpClientMetrics#REQUESTS} sample, by Micrometer's conventions. */
final class RequestTags {
  private RequestTags() {}

  /**
   * @param status the final status code, 0 when the exchange failed or no response head arrived
   * @param failure why the exchange failed, or null
   */
  static Tags of(String method, String uri, int status, @Nullable Throwable failure) {
    return Tags.of(
        "method",
        method,
        "uri",
        uri,
        "status",
        status == 0 ? AsyncHttpClientMetrics.CLIENT_ERROR : Integer.toString(status),
        "outcome",
        status == 0 ? Outcome.UNKNOWN.name() : Outcome.forStatus(status).name(),
        "exception",
        exceptionName(failure));
  }

  /** The simple class name, or the full one for a class without a simple name (anonymous). */
  static String exceptionName(@Nullable Throwable failure) {
    if (failure == null) {
      return AsyncHttpClientMetrics.NONE;
    }
    String simple = failure.getClass().getSimpleName();
    return simple.isEmpty() ? failure.getClass().getName() : simple;
  }
}
