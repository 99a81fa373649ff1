package org.asynchttpclient.netty.exchange;

import org.asynchttpclient.Request;
import org.asynchttpclient.events.HopKind;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.netty.timeout.TimeoutValues;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/** Assembles an {@link Attempt}; {@link Exchange#begin} numbers, builds and publishes it. */
public final class AttemptBuilder {
  final Exchange<?> exchange;
  final Request request;
  final NettyRequest wire;
  int number;
  Object partitionKey = "";
  @Nullable ProxyServer proxy;
  boolean freshConnection;
  HopKind kind = HopKind.INITIAL;
  long requestTimeoutNanos = TimeoutValues.NONE;
  long readTimeoutNanos = TimeoutValues.NONE;
  /** The primary attempt this one hedges, null for a hop's primary. */
  @Nullable Attempt hedgeOf;
  /** The hop's hedge group when the hop is hedged (a primary's), else null. */
  @Nullable HedgeGroup hedges;

  AttemptBuilder(Exchange<?> exchange, Request request, NettyRequest wire) {
    this.exchange = exchange;
    this.request = request;
    this.wire = wire;
  }

  public AttemptBuilder partitionKey(Object key) {
    this.partitionKey = key;
    return this;
  }

  /** The proxy carrying the hop, null when direct. */
  public AttemptBuilder proxy(@Nullable ProxyServer proxy) {
    this.proxy = proxy;
    return this;
  }

  /** Why the hop is sent. */
  public AttemptBuilder kind(HopKind kind) {
    this.kind = kind;
    return this;
  }

  /** The hop must not take a pooled connection (a replay after a connection failure). */
  public AttemptBuilder freshConnection(boolean fresh) {
    this.freshConnection = fresh;
    return this;
  }

  public AttemptBuilder requestTimeoutNanos(long nanos) {
    this.requestTimeoutNanos = nanos;
    return this;
  }

  public AttemptBuilder readTimeoutNanos(long nanos) {
    this.readTimeoutNanos = nanos;
    return this;
  }

  /**
   * The hop may be hedged: up to {@code maxAttempts} attempts of it in flight at once (the
   * primary and its hedges), which this builder's attempt, the primary, heads.
   */
  public AttemptBuilder hedged(int maxAttempts, HedgeGroup.HeadLatencies latencies) {
    this.hedges = new HedgeGroup(exchange, maxAttempts, latencies);
    return this;
  }

  /**
   * This attempt hedges {@code primary}: the same hop again, with its number, partition, proxy,
   * start and timeouts.
   */
  AttemptBuilder hedgeOf(Attempt primary) {
    this.hedgeOf = primary;
    this.number = primary.number();
    // The primary's permit key (per host); its pin, if any, is copied once built (Exchange#beginHedge).
    this.partitionKey = primary.permitKey();
    this.proxy = primary.proxy();
    this.kind = HopKind.HEDGE;
    this.freshConnection = false;
    this.readTimeoutNanos = primary.readTimeoutNanos();
    this.requestTimeoutNanos = primary.requestTimeoutNanos();
    return this;
  }
}
