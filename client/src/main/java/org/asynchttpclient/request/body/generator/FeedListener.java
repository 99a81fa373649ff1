package org.asynchttpclient.request.body.generator;

/**
 * Told by a {@link FeedableBodyGenerator} when data is fed, so that a writer suspended on an empty
 * body can resume. Callbacks run on the thread that calls {@code feed}.
 */
public interface FeedListener {

  /** A chunk was queued. */
  void onContentAdded();

  /**
   * Feeding failed; the body will not complete normally.
   *
   * @param t the cause
   */
  void onError(Throwable t);
}
