package org.asynchttpclient;

import org.asynchttpclient.Realm.AuthScheme;
import org.asynchttpclient.proxy.ProxyServer;
import org.jetbrains.annotations.Nullable;

/** Static factories for clients, configs, requests, realms and proxies, meant to be imported. */
public final class Dsl {

  private Dsl() {}

  /** A client with the default config. */
  public static AsyncHttpClient asyncHttpClient() {
    return new DefaultAsyncHttpClient();
  }

  /** A client with the config {@code configBuilder} builds now. */
  public static AsyncHttpClient asyncHttpClient(DefaultAsyncHttpClientConfig.Builder configBuilder) {
    return new DefaultAsyncHttpClient(configBuilder.build());
  }

  public static AsyncHttpClient asyncHttpClient(AsyncHttpClientConfig config) {
    return new DefaultAsyncHttpClient(config);
  }

  public static RequestBuilder get(String url) {
    return request("GET", url);
  }

  public static RequestBuilder put(String url) {
    return request("PUT", url);
  }

  public static RequestBuilder post(String url) {
    return request("POST", url);
  }

  public static RequestBuilder delete(String url) {
    return request("DELETE", url);
  }

  public static RequestBuilder head(String url) {
    return request("HEAD", url);
  }

  public static RequestBuilder options(String url) {
    return request("OPTIONS", url);
  }

  public static RequestBuilder patch(String url) {
    return request("PATCH", url);
  }

  public static RequestBuilder trace(String url) {
    return request("TRACE", url);
  }

  /** A request builder for {@code method} (sent as given) and {@code url}. */
  public static RequestBuilder request(String method, String url) {
    RequestBuilder builder = new RequestBuilder(method);
    builder.setUrl(url);
    return builder;
  }

  public static ProxyServer.Builder proxyServer(String host, int port) {
    return new ProxyServer.Builder(host, port);
  }

  /** A config builder holding the defaults. */
  public static DefaultAsyncHttpClientConfig.Builder config() {
    return new DefaultAsyncHttpClientConfig.Builder();
  }

  /**
   * A realm builder starting from {@code prototype}'s credentials and settings. Per-challenge state
   * that the server sends again (stale flag, client nonce) is not carried over.
   */
  public static Realm.Builder realm(Realm prototype) {
    return new Realm.Builder(prototype.getPrincipal(), prototype.getPassword())
        .setScheme(prototype.getScheme())
        .setRealmName(prototype.getRealmName())
        .setNonce(prototype.getNonce())
        .setAlgorithm(prototype.getAlgorithm())
        .setOpaque(prototype.getOpaque())
        .setQop(prototype.getQop())
        .setNc(prototype.getNc())
        .setUri(prototype.getUri())
        .setCharset(prototype.getCharset())
        .setUsePreemptiveAuth(prototype.isUsePreemptiveAuth())
        .setNtlmDomain(prototype.getNtlmDomain())
        .setNtlmHost(prototype.getNtlmHost())
        .setUseAbsoluteURI(prototype.isUseAbsoluteURI())
        .setOmitQuery(prototype.isOmitQuery())
        .setServicePrincipalName(prototype.getServicePrincipalName())
        .setUseCanonicalHostname(prototype.isUseCanonicalHostname())
        .setCustomLoginConfig(prototype.getCustomLoginConfig())
        .setLoginContextName(prototype.getLoginContextName())
        .setUserhash(prototype.isUserhash())
        .setSid(prototype.getSid())
        .setMaxIterationCount(prototype.getMaxIterationCount());
  }

  @SuppressWarnings("NullAway") // Realm.Builder takes null credentials (as in 3.0.11); drop once its implementation carries @Nullable
  public static Realm.Builder realm(
      AuthScheme scheme, @Nullable String principal, @Nullable String password) {
    return new Realm.Builder(principal, password).setScheme(scheme);
  }

  public static Realm.Builder basicAuthRealm(@Nullable String principal, @Nullable String password) {
    return realm(AuthScheme.BASIC, principal, password);
  }

  public static Realm.Builder digestAuthRealm(@Nullable String principal, @Nullable String password) {
    return realm(AuthScheme.DIGEST, principal, password);
  }

  public static Realm.Builder ntlmAuthRealm(@Nullable String principal, @Nullable String password) {
    return realm(AuthScheme.NTLM, principal, password);
  }

  public static Realm.Builder scramSha256AuthRealm(
      @Nullable String principal, @Nullable String password) {
    return realm(AuthScheme.SCRAM_SHA_256, principal, password);
  }
}
