package org.asynchttpclient.request.body.generator;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface BodyGenerator {
  org.asynchttpclient.request.body.Body createBody();
}
