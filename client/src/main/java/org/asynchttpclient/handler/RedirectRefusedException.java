package org.asynchttpclient.handler;

import org.asynchttpclient.uri.Uri;
import org.jetbrains.annotations.Nullable;

/**
 * Fails an exchange whose redirect was refused instead of followed, by {@code
 * refuseSchemeDowngradeOnRedirect} or {@code refuseCrossOriginBodyOnRedirect} (client-wide or on the
 * request). The request of the refused hop was never built, so the redirect target was never
 * contacted; the redirect response itself does not reach the handler either.
 *
 * <p>Not an {@code IOException}, on purpose: an {@code IOExceptionFilter} replays what fails with
 * one, and a refusal replayed would send again the request the caller asked to send once. For the
 * same reason it is checked, like {@link MaxRedirectException}, rather than a runtime exception that
 * callers would not expect from a completed future.
 *
 * <p>The message names the status, both origins and the reason; it leaves out the paths, queries and
 * user info of both URIs (the target's are chosen by the server, the source's may carry the
 * caller's secrets), which {@link #getSourceUri()} and {@link #getTargetUri()} still give in full.
 * Not in AHC 3.0.11 or 3.0.12: upstream's later main has a class of this name and shape.
 */
public final class RedirectRefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  /** Why a redirect was refused. New values may be added: a switch over it needs a default. */
  public enum Reason {
    /** The hop left {@code https} or {@code wss} for a scheme without TLS. */
    SCHEME_DOWNGRADE("the target scheme is not secured"),
    /** The hop would have sent the request body again to another origin. */
    CROSS_ORIGIN_BODY("it would resend the request content to another origin");

    // A constructor argument rather than a switch in the message: a value added later cannot
    // forget its explanation.
    private final String explanation;

    Reason(String explanation) {
      this.explanation = explanation;
    }
  }

  private final Reason reason;
  private final int statusCode;
  // Uri is not Serializable: a deserialized exception keeps its message, reason and status only.
  private final transient @Nullable Uri sourceUri;
  private final transient @Nullable Uri targetUri;

  /**
   * @param reason which refusal applied
   * @param statusCode the status of the redirect response that was refused
   * @param sourceUri the URI of the request that received the redirect
   * @param targetUri where the redirect pointed (after resolving its {@code Location})
   */
  public RedirectRefusedException(Reason reason, int statusCode, Uri sourceUri, Uri targetUri) {
    // No stack trace: it would show only the event loop that read the response; the caller's
    // ExecutionException carries the caller's frames.
    super(message(reason, statusCode, sourceUri, targetUri), null, true, false);
    this.reason = reason;
    this.statusCode = statusCode;
    this.sourceUri = sourceUri;
    this.targetUri = targetUri;
  }

  private static String message(Reason reason, int statusCode, Uri sourceUri, Uri targetUri) {
    // AHC 3.0.14's wording, so code matching it works. getBaseUrl: scheme, host and port only
    // (the origins the refusal is about).
    return "Refusing to follow the "
        + statusCode
        + " redirect from "
        + sourceUri.getBaseUrl()
        + " to "
        + targetUri.getBaseUrl()
        + ": "
        + reason.explanation;
  }

  public Reason getReason() {
    return reason;
  }

  /** The status of the refused redirect response: 301, 302, 303, 307 or 308. */
  public int getStatusCode() {
    return statusCode;
  }

  /**
   * The URI of the hop that received the redirect (the request actually sent, which a filter or an
   * earlier redirect may have changed from the caller's); null only on a deserialized instance.
   */
  public @Nullable Uri getSourceUri() {
    return sourceUri;
  }

  /**
   * The refused target, with the path, query and user info the server wrote: log its {@link
   * Uri#getBaseUrl()} rather than the whole URI. Null only on a deserialized instance.
   */
  public @Nullable Uri getTargetUri() {
    return targetUri;
  }
}
