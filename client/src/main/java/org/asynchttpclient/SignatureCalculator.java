package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface SignatureCalculator {
  void calculateAndAddSignature(org.asynchttpclient.Request p0, org.asynchttpclient.RequestBuilderBase<?> p1);
}
