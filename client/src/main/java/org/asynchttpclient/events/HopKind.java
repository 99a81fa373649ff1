package org.asynchttpclient.events;

/** Why a hop of an exchange was sent. */
public enum HopKind {
  /** The request as submitted. */
  INITIAL,
  /** Following a 3xx redirect. */
  REDIRECT,
  /** Answering a 401 challenge with credentials. */
  AUTH,
  /** Answering a 407 challenge from a proxy with credentials. */
  PROXY_AUTH,
  /** Sent again after the connection failed before any response byte (a retry or an IOExceptionFilter replay). */
  RETRY,
  /** Sent again because a response filter asked for a replay. */
  FILTER_REPLAY,
  /**
   * A hedge: the same hop sent once more beside the first, its response head not having come
   * within the hedge delay. Shares the hop's number; the first head of the two wins.
   */
  HEDGE
}
