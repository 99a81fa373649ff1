package org.asynchttpclient.util;

/** Something that keeps a count of its users, such as a cookie store shared by several clients. */
public interface Counted {
  int incrementAndGet();

  int decrementAndGet();

  int count();
}
