package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface FeedListener {
  void onContentAdded();
  void onError(java.lang.Throwable p0);
}
