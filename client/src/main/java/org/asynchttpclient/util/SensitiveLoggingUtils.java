package org.asynchttpclient.util;

import io.netty.handler.codec.http.HttpHeaderNames;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which header values are kept out of what the client writes for people to read ({@code
 * Request.toString()}, log lines): {@code Authorization}, {@code Proxy-Authorization}, {@code Cookie}
 * and {@code Set-Cookie}, whose values are credentials or session keys, are shown as {@link
 * #REDACTED}. Same class, names and switch as AHC 3.0.12.
 *
 * <p>The switch is read once, when this class is initialized: the system property {@value
 * #PROPERTY}, or when it is not set the environment variable {@value #ENVIRONMENT_VARIABLE}; {@code
 * true} (any case) shows the values, and one WARN says so. Challenge headers ({@code
 * WWW-Authenticate}, {@code Proxy-Authenticate}) carry no secret and are not redacted; neither are
 * bodies, form or query parameters, which no name marks as sensitive.
 */
public final class SensitiveLoggingUtils {

  /** What a sensitive header value is shown as. */
  public static final String REDACTED = "<redacted>";

  static final String PROPERTY = "org.asynchttpclient.enableSensitiveLogging";
  static final String ENVIRONMENT_VARIABLE = "AHC_ENABLE_SENSITIVE_LOGGING";

  private static final Logger LOGGER = LoggerFactory.getLogger(SensitiveLoggingUtils.class);
  private static final boolean ENABLED =
      enabledBy(System.getProperty(PROPERTY), System.getenv(ENVIRONMENT_VARIABLE));

  static {
    if (ENABLED) {
      LOGGER.warn(
          "{} is on: Authorization, Proxy-Authorization, Cookie and Set-Cookie values will appear in logs",
          PROPERTY);
    }
  }

  private SensitiveLoggingUtils() {}

  /** Whether sensitive logging was switched on (read once, when this class loaded). */
  public static boolean isSensitiveLoggingEnabled() {
    return ENABLED;
  }

  /**
   * Whether the value of header {@code name} must be shown as {@link #REDACTED}: true for {@code
   * Authorization}, {@code Proxy-Authorization}, {@code Cookie} and {@code Set-Cookie} (any case),
   * unless sensitive logging was switched on, in which case always false.
   *
   * @param name the header name
   * @return whether to hide its value
   */
  public static boolean isSensitiveHeader(CharSequence name) {
    return isSensitiveHeader(name, ENABLED);
  }

  static boolean isSensitiveHeader(CharSequence name, boolean sensitiveLoggingEnabled) {
    return !sensitiveLoggingEnabled
        && (HttpHeaderNames.AUTHORIZATION.contentEqualsIgnoreCase(name)
            || HttpHeaderNames.PROXY_AUTHORIZATION.contentEqualsIgnoreCase(name)
            || HttpHeaderNames.COOKIE.contentEqualsIgnoreCase(name)
            || HttpHeaderNames.SET_COOKIE.contentEqualsIgnoreCase(name));
  }

  /** The property decides when it is set, else the environment variable; only "true" (any case) enables. */
  static boolean enabledBy(@Nullable String property, @Nullable String environment) {
    return Boolean.parseBoolean(property != null ? property : environment);
  }
}
