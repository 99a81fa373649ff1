package org.asynchttpclient.netty.hop;

import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilderBase;

/**
 * A request builder for the next hop of an exchange: starts as a full copy of the current hop's
 * request (timeouts, deadline flag, proxy, resolver, partitioning, local address, charset, realm,
 * cookies, body) and can also clear what the public setters cannot set back to null.
 *
 * <p>Not thread-safe; used by one decision at a time.
 */
final class HopRequestBuilder extends RequestBuilderBase<HopRequestBuilder> {

  HopRequestBuilder(Request current) {
    super(current);
  }

  HopRequestBuilder clearRealm() {
    this.realm = null;
    return this;
  }

  /** The virtual host and the resolved address both name the previous target. */
  HopRequestBuilder clearTargetOverrides() {
    this.virtualHost = null;
    this.address = null;
    return this;
  }

  HopRequestBuilder clearBody() {
    resetFormParams();
    resetNonMultipartData();
    resetMultipartData();
    return this;
  }
}
