package org.asynchttpclient.request.body.multipart;

import java.nio.charset.Charset;
import java.util.List;
import org.asynchttpclient.Param;
import org.jetbrains.annotations.Nullable;

/** One part of a {@code multipart/*} request body: its headers; the subtypes carry the content. */
public interface Part {

  /** The {@code name} parameter of the Content-Disposition header, or null for none. */
  @Nullable
  String getName();

  /** The Content-Type of the part without parameters, or null to send no Content-Type header. */
  @Nullable
  String getContentType();

  /** The charset parameter of the Content-Type header, or null for none. */
  @Nullable
  Charset getCharset();

  /** The Content-Transfer-Encoding header value, or null for none. */
  @Nullable
  String getTransferEncoding();

  /** The Content-ID header value, or null for none. */
  @Nullable
  String getContentId();

  /** The disposition type of the Content-Disposition header, or null for {@code form-data}. */
  @Nullable
  String getDispositionType();

  /** Extra headers of the part, in order, or null for none. */
  @Nullable
  List<Param> getCustomHeaders();
}
