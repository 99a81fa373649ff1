package org.asynchttpclient.scram;

/**
 * Where a {@link ScramContext} stands in the SCRAM exchange of RFC 7804:
 *
 * <pre>
 *   INITIAL --client-first--&gt; CLIENT_FIRST_SENT --server-first--&gt; SERVER_FIRST_RECEIVED
 *      --client-final--&gt; CLIENT_FINAL_SENT --server-final verified--&gt; AUTHENTICATED
 *                                            \--bad signature or e=--&gt; FAILED
 * </pre>
 */
public enum ScramState {
  INITIAL,
  CLIENT_FIRST_SENT,
  SERVER_FIRST_RECEIVED,
  CLIENT_FINAL_SENT,
  AUTHENTICATED,
  FAILED
}
