package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class MultipartUtils {
  public static org.asynchttpclient.request.body.multipart.MultipartBody newMultipartBody(java.util.List<org.asynchttpclient.request.body.multipart.Part> p0, io.netty.handler.codec.http.HttpHeaders p1) { throw new UnsupportedOperationException("stub"); }
  public static java.util.List<org.asynchttpclient.request.body.multipart.part.MultipartPart<? extends org.asynchttpclient.request.body.multipart.Part>> generateMultipartParts(java.util.List<org.asynchttpclient.request.body.multipart.Part> p0, byte[] p1) { throw new UnsupportedOperationException("stub"); }
  private MultipartUtils() {}
}
