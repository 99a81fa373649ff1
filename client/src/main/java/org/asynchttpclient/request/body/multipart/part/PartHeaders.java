package org.asynchttpclient.request.body.multipart.part;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import org.asynchttpclient.Param;
import org.asynchttpclient.request.body.multipart.Part;
import org.jetbrains.annotations.Nullable;

/**
 * Encodes the delimiter and header block of a part, and checks header values.
 *
 * <p>Header injection: a CR or LF would end a header early and let the value add headers or even
 * parts. In the quoted {@code name} and {@code filename} parameters a double quote, CR and LF are
 * percent-escaped ({@code %22}, {@code %0D}, {@code %0A}), as browsers do for form submission (RFC
 * 7578 section 4.2) and as AHC 3.0.12 does; every other value (disposition type, content type,
 * transfer encoding, content id, custom headers) is written as is, so one holding CR or LF is
 * refused with an {@link IllegalArgumentException}.
 */
public final class PartHeaders {

  static final byte[] CRLF = {'\r', '\n'};
  static final byte[] DASHES = {'-', '-'};

  private PartHeaders() {}

  /**
   * Refuses a header value containing CR or LF.
   *
   * @param what the name of the value, for the error message
   * @param value the value, or null
   * @return {@code value}
   */
  public static @Nullable String requireNoLineBreak(String what, @Nullable String value) {
    if (value != null && (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0)) {
      throw new IllegalArgumentException(
          what + ": \"" + printable(value) + "\" (expected no CR or LF characters)");
    }
    return value;
  }

  /**
   * Refuses a header name that is empty or contains CR, LF or a colon.
   *
   * @param name the header name
   * @return {@code name}
   */
  public static String requireHeaderName(@Nullable String name) {
    if (name == null
        || name.isEmpty()
        || name.indexOf(':') >= 0
        || name.indexOf('\r') >= 0
        || name.indexOf('\n') >= 0) {
      throw new IllegalArgumentException(
          "header name: "
              + (name == null ? "null" : "\"" + printable(name) + "\"")
              + " (expected a non-empty name without CR, LF or ':')");
    }
    return name;
  }

  private static String printable(String value) {
    return value.replace("\r", "\\r").replace("\n", "\\n");
  }

  /**
   * Encodes {@code --boundary CRLF}, the part's headers, and the blank line that ends them.
   *
   * @param boundary the multipart boundary
   * @param part the part
   * @param fileName the {@code filename} parameter, or null for none
   * @return the bytes that precede the part's content
   */
  static byte[] encodeHead(byte[] boundary, Part part, @Nullable String fileName) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(128 + boundary.length);
    out.writeBytes(DASHES);
    out.writeBytes(boundary);

    String dispositionType = requireNoLineBreak("dispositionType", part.getDispositionType());
    newHeader(out, "Content-Disposition", dispositionType != null ? dispositionType : "form-data");
    String name = part.getName();
    if (name != null) {
      quotedParameter(out, "name", name, UTF_8);
    }
    if (fileName != null) {
      Charset charset = part.getCharset();
      quotedParameter(out, "filename", fileName, charset != null ? charset : UTF_8);
    }

    String contentType = requireNoLineBreak("contentType", part.getContentType());
    if (contentType != null) {
      newHeader(out, "Content-Type", contentType);
      Charset charset = part.getCharset();
      if (charset != null && !contentType.toLowerCase(Locale.ROOT).contains("charset=")) {
        out.writeBytes("; charset=".getBytes(UTF_8));
        out.writeBytes(charset.name().getBytes(UTF_8));
      }
    }
    String transferEncoding = requireNoLineBreak("transferEncoding", part.getTransferEncoding());
    if (transferEncoding != null) {
      newHeader(out, "Content-Transfer-Encoding", transferEncoding);
    }
    String contentId = requireNoLineBreak("contentId", part.getContentId());
    if (contentId != null) {
      newHeader(out, "Content-ID", contentId);
    }
    List<Param> customHeaders = part.getCustomHeaders();
    if (customHeaders != null) {
      for (Param header : customHeaders) {
        String value = requireNoLineBreak("value", header.getValue());
        newHeader(out, requireHeaderName(header.getName()), value != null ? value : "");
      }
    }
    out.writeBytes(CRLF);
    out.writeBytes(CRLF);
    return out.toByteArray();
  }

  /** Encodes {@code --boundary-- CRLF}, which closes the multipart body. */
  static byte[] encodeEnd(byte[] boundary) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(boundary.length + 6);
    out.writeBytes(DASHES);
    out.writeBytes(boundary);
    out.writeBytes(DASHES);
    out.writeBytes(CRLF);
    return out.toByteArray();
  }

  private static void newHeader(ByteArrayOutputStream out, String name, String value) {
    out.writeBytes(CRLF);
    out.writeBytes(name.getBytes(UTF_8));
    out.writeBytes(new byte[] {':', ' '});
    out.writeBytes(value.getBytes(UTF_8));
  }

  private static void quotedParameter(
      ByteArrayOutputStream out, String name, String value, Charset charset) {
    out.writeBytes(("; " + name + "=\"").getBytes(UTF_8));
    out.writeBytes(MultipartPart.escapeQuotedString(value).getBytes(charset));
    out.write('"');
  }
}
