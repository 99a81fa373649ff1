package org.asynchttpclient.netty.request;

import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilderBase;

/**
 * A request builder for the next hop of an exchange: starts as a full copy of the current hop's
 * request (timeouts, deadline flag, proxy, resolver, partitioning, local address, charset, realm,
 * cookies, body) and can also clear what the public setters cannot set back to null.
 *
 * <p>Not thread-safe; used by one decision at a time.
 */
public final class HopRequestBuilder extends RequestBuilderBase<HopRequestBuilder> {

  public HopRequestBuilder(Request current) {
    super(current);
  }

  public HopRequestBuilder clearRealm() {
    this.realm = null;
    return this;
  }

  /** The virtual host and the resolved address both name the previous target. */
  public HopRequestBuilder clearTargetOverrides() {
    this.virtualHost = null;
    this.address = null;
    return this;
  }

  public HopRequestBuilder clearBody() {
    resetFormParams();
    resetNonMultipartData();
    resetMultipartData();
    return this;
  }
}
