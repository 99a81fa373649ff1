package org.asynchttpclient.util;

/** How a request builder encodes the path and query of the URI it is given. */
public enum UriEncoder {
  FIXING,
  RAW
}
