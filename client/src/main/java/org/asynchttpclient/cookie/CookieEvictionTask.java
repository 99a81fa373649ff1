package org.asynchttpclient.cookie;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class CookieEvictionTask implements io.netty.util.TimerTask {
  public CookieEvictionTask(long p0, org.asynchttpclient.cookie.CookieStore p1) { throw new UnsupportedOperationException("stub"); }
  public void run(io.netty.util.Timeout p0) throws java.lang.Exception { throw new UnsupportedOperationException("stub"); }
}
