package org.asynchttpclient.config;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public final class AsyncHttpClientConfigHelper {
  public static org.asynchttpclient.config.AsyncHttpClientConfigHelper.Config getAsyncHttpClientConfig() { throw new UnsupportedOperationException("stub"); }
  public static void reloadProperties() { throw new UnsupportedOperationException("stub"); }
  private AsyncHttpClientConfigHelper() {}
  public static class Config {
    public static final java.lang.String DEFAULT_AHC_PROPERTIES = "ahc-default.properties";
    public static final java.lang.String CUSTOM_AHC_PROPERTIES = "ahc.properties";
    public Config() { throw new UnsupportedOperationException("stub"); }
    public void reload() { throw new UnsupportedOperationException("stub"); }
    public java.lang.String getString(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public java.lang.String[] getStringArray(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public int getInt(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public boolean getBoolean(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
    public java.time.Duration getDuration(java.lang.String p0) { throw new UnsupportedOperationException("stub"); }
  }
}
