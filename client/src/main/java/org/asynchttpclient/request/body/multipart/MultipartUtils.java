package org.asynchttpclient.request.body.multipart;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.asynchttpclient.request.body.multipart.part.ByteArrayMultipartPart;
import org.asynchttpclient.request.body.multipart.part.FileMultipartPart;
import org.asynchttpclient.request.body.multipart.part.InputStreamMultipartPart;
import org.asynchttpclient.request.body.multipart.part.MessageEndMultipartPart;
import org.asynchttpclient.request.body.multipart.part.MultipartPart;
import org.asynchttpclient.request.body.multipart.part.StringMultipartPart;
import org.asynchttpclient.util.HttpUtils;
import org.jetbrains.annotations.Nullable;

/** Builds multipart bodies from parts. */
public final class MultipartUtils {

  private MultipartUtils() {}

  /**
   * Creates the body for {@code parts}. The request headers are only read, never changed: the caller
   * sends {@link MultipartBody#getContentType()} as the Content-Type.
   *
   * <p>If the request already has a {@code multipart/*} Content-Type, its subtype and parameters are
   * kept, and so is its boundary if it has one; otherwise a random boundary of 30 to 40 ASCII
   * characters is appended. Any other Content-Type is replaced by {@code multipart/form-data}.
   *
   * @param parts the parts
   * @param requestHeaders the request headers
   * @return a body positioned at its first byte
   */
  public static MultipartBody newMultipartBody(List<Part> parts, HttpHeaders requestHeaders) {
    Objects.requireNonNull(parts, "parts");
    String existing = requestHeaders.get(HttpHeaderNames.CONTENT_TYPE);
    String contentType;
    byte[] boundary;
    if (existing != null && isMultipart(existing)) {
      String existingBoundary = boundaryParameter(existing);
      if (existingBoundary != null) {
        boundary = checkBoundary(existingBoundary).getBytes(US_ASCII);
        contentType = existing;
      } else {
        boundary = HttpUtils.computeMultipartBoundary();
        contentType = HttpUtils.patchContentTypeWithBoundaryAttribute(existing.trim(), boundary);
      }
    } else {
      boundary = HttpUtils.computeMultipartBoundary();
      contentType =
          HttpUtils.patchContentTypeWithBoundaryAttribute(
              HttpHeaderValues.MULTIPART_FORM_DATA.toString(), boundary);
    }
    return new MultipartBody(generateMultipartParts(parts, boundary), contentType, boundary);
  }

  /**
   * Creates the encoders for {@code parts}, followed by the closing delimiter.
   *
   * @param parts the parts; each must be a {@link StringPart}, {@link ByteArrayPart},
   *     {@link FilePart} or {@link InputStreamPart}
   * @param boundary the boundary
   * @return the encoders, in order
   * @throws IllegalArgumentException for an unknown part type or a header value with CR or LF
   */
  public static List<MultipartPart<? extends Part>> generateMultipartParts(
      List<Part> parts, byte[] boundary) {
    List<MultipartPart<? extends Part>> encoded = new ArrayList<>(parts.size() + 1);
    for (Part part : parts) {
      encoded.add(encoderFor(Objects.requireNonNull(part, "part"), boundary));
    }
    encoded.add(new MessageEndMultipartPart(boundary));
    return encoded;
  }

  // Encoders open their file or stream lazily, so the ones created before a failure hold nothing.
  private static MultipartPart<? extends Part> encoderFor(Part part, byte[] boundary) {
    if (part instanceof FilePart) {
      return new FileMultipartPart((FilePart) part, boundary);
    } else if (part instanceof ByteArrayPart) {
      return new ByteArrayMultipartPart((ByteArrayPart) part, boundary);
    } else if (part instanceof InputStreamPart) {
      return new InputStreamMultipartPart((InputStreamPart) part, boundary);
    } else if (part instanceof StringPart) {
      return new StringMultipartPart((StringPart) part, boundary);
    }
    throw new IllegalArgumentException(
        "part: "
            + part.getClass().getName()
            + " (expected a StringPart, ByteArrayPart, FilePart or InputStreamPart)");
  }

  private static boolean isMultipart(String contentType) {
    return contentType.trim().toLowerCase(Locale.ROOT).startsWith("multipart/");
  }

  /** The value of the {@code boundary} parameter, unquoted, or null if there is none. */
  private static @Nullable String boundaryParameter(String contentType) {
    String[] segments = contentType.split(";");
    for (int i = 1; i < segments.length; i++) {
      String segment = segments[i].trim();
      int equals = segment.indexOf('=');
      if (equals > 0
          && segment.substring(0, equals).trim().equalsIgnoreCase("boundary")) {
        String value = segment.substring(equals + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
          value = value.substring(1, value.length() - 1);
        }
        return value;
      }
    }
    return null;
  }

  // RFC 2046 section 5.1.1: 1 to 70 characters, none of them CR or LF.
  private static String checkBoundary(String boundary) {
    if (boundary.isEmpty()
        || boundary.length() > 70
        || boundary.indexOf('\r') >= 0
        || boundary.indexOf('\n') >= 0) {
      throw new IllegalArgumentException(
          "boundary: \""
              + boundary.replace("\r", "\\r").replace("\n", "\\n")
              + "\" (expected 1 to 70 characters without CR or LF)");
    }
    return boundary;
  }
}
