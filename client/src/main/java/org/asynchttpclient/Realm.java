package org.asynchttpclient;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class Realm {
  public java.lang.String getPrincipal() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getPassword() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.Realm.AuthScheme getScheme() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getRealmName() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getNonce() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getAlgorithm() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getResponse() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getOpaque() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getQop() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getNc() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getCnonce() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.uri.Uri getUri() { throw new UnsupportedOperationException("stub"); }
  public java.nio.charset.Charset getCharset() { throw new UnsupportedOperationException("stub"); }
  public boolean isUsePreemptiveAuth() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getNtlmDomain() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getNtlmHost() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseAbsoluteURI() { throw new UnsupportedOperationException("stub"); }
  public boolean isOmitQuery() { throw new UnsupportedOperationException("stub"); }
  public java.util.Map<java.lang.String, java.lang.String> getCustomLoginConfig() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getServicePrincipalName() { throw new UnsupportedOperationException("stub"); }
  public boolean isUseCanonicalHostname() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getLoginContextName() { throw new UnsupportedOperationException("stub"); }
  public boolean isStale() { throw new UnsupportedOperationException("stub"); }
  public boolean isUserhash() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getSid() { throw new UnsupportedOperationException("stub"); }
  public int getMaxIterationCount() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String toString() { throw new UnsupportedOperationException("stub"); }
  private Realm() {}
  public static enum AuthScheme {
    BASIC, DIGEST, NTLM, SPNEGO, KERBEROS, SCRAM_SHA_256;
  }
  public static class Builder {
    public Builder() { throw new UnsupportedOperationException("stub"); }
    public Builder(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setNtlmDomain(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setNtlmHost(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setScheme(org.asynchttpclient.Realm.AuthScheme p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setRealmName(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setNonce(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setAlgorithm(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setResponse(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setOpaque(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setQop(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setNc(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setUri(org.asynchttpclient.uri.Uri p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setMethodName(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setUsePreemptiveAuth(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setUseAbsoluteURI(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setOmitQuery(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setCharset(java.nio.charset.Charset p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setCustomLoginConfig(java.util.Map<java.lang.String, java.lang.String> p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setServicePrincipalName(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setUseCanonicalHostname(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setLoginContextName(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setStale(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public boolean isStale() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setUserhash(boolean p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setEntityBodyHash(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setSid(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder setMaxIterationCount(int p0) { throw new UnsupportedOperationException("stub"); }
    public java.lang.String getQopValue() { throw new UnsupportedOperationException("stub"); }
    public java.lang.String getNonceValue() { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder parseWWWAuthenticateHeader(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm.Builder parseProxyAuthenticateHeader(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public static java.lang.String matchParam(java.lang.String p0, java.lang.String p1) { throw new UnsupportedOperationException("stub"); }
    public org.asynchttpclient.Realm build() { throw new UnsupportedOperationException("stub"); }
  }
}
