package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public interface Part {
  java.lang.String getName();
  java.lang.String getContentType();
  java.nio.charset.Charset getCharset();
  java.lang.String getTransferEncoding();
  java.lang.String getContentId();
  java.lang.String getDispositionType();
  java.util.List<org.asynchttpclient.Param> getCustomHeaders();
}
