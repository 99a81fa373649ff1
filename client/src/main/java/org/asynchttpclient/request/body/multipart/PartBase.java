package org.asynchttpclient.request.body.multipart;

import static org.asynchttpclient.request.body.multipart.part.PartHeaders.requireHeaderName;
import static org.asynchttpclient.request.body.multipart.part.PartHeaders.requireNoLineBreak;

import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.Param;
import org.jetbrains.annotations.Nullable;

/**
 * The headers common to every part. The content type, content id, transfer encoding, disposition
 * type and custom headers are written into the part's head as they are, so values containing CR or
 * LF are refused with an {@link IllegalArgumentException}: they would let a value inject headers or
 * parts. The name is sent as a quoted parameter with {@code "}, CR and LF percent-escaped, as AHC
 * 3.0.12 does, so any name is accepted.
 *
 * <p>Parts are configured by one thread before the request is built; the setters are not
 * thread-safe.
 */
public abstract class PartBase implements Part {

  private final @Nullable String name;
  private final @Nullable String contentType;
  private final @Nullable Charset charset;
  private final @Nullable String contentId;
  private final @Nullable String transferEncoding;
  private @Nullable String dispositionType;
  private @Nullable List<Param> customHeaders;

  /**
   * Creates a part.
   *
   * @param name the form field name, or null
   * @param contentType the content type, or null for no Content-Type header
   * @param charset the charset parameter of the content type, or null
   * @param contentId the Content-ID, or null
   * @param transferEncoding the Content-Transfer-Encoding, or null
   */
  protected PartBase(
      @Nullable String name,
      @Nullable String contentType,
      @Nullable Charset charset,
      @Nullable String contentId,
      @Nullable String transferEncoding) {
    this.name = name;
    this.contentType = requireNoLineBreak("contentType", contentType);
    this.charset = charset;
    this.contentId = requireNoLineBreak("contentId", contentId);
    this.transferEncoding = requireNoLineBreak("transferEncoding", transferEncoding);
  }

  @Override
  public @Nullable String getName() {
    return name;
  }

  @Override
  public @Nullable String getContentType() {
    return contentType;
  }

  @Override
  public @Nullable Charset getCharset() {
    return charset;
  }

  @Override
  public @Nullable String getTransferEncoding() {
    return transferEncoding;
  }

  @Override
  public @Nullable String getContentId() {
    return contentId;
  }

  @Override
  public @Nullable String getDispositionType() {
    return dispositionType;
  }

  /**
   * Sets the disposition type sent instead of {@code form-data} (for example {@code attachment}).
   *
   * @param dispositionType the disposition type, or null for {@code form-data}
   */
  public void setDispositionType(@Nullable String dispositionType) {
    this.dispositionType = requireNoLineBreak("dispositionType", dispositionType);
  }

  @Override
  public @Nullable List<Param> getCustomHeaders() {
    return customHeaders;
  }

  /**
   * Replaces the extra headers. The list is used as given, not copied; its entries are checked when
   * the part is encoded.
   *
   * @param customHeaders the headers, or null for none
   */
  public void setCustomHeaders(@Nullable List<Param> customHeaders) {
    this.customHeaders = customHeaders;
  }

  /**
   * Adds an extra header to the part.
   *
   * @param name the header name
   * @param value the header value
   */
  public void addCustomHeader(String name, String value) {
    requireHeaderName(name);
    requireNoLineBreak("value", value);
    List<Param> headers = customHeaders;
    if (headers == null) {
      headers = new ArrayList<>(2);
      customHeaders = headers;
    }
    headers.add(new Param(name, value));
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + " name="
        + name
        + " contentType="
        + contentType
        + " charset="
        + charset
        + " transferEncoding="
        + transferEncoding
        + " contentId="
        + contentId
        + " dispositionType="
        + dispositionType;
  }
}
