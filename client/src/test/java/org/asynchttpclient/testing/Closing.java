package org.asynchttpclient.testing;

import org.jetbrains.annotations.Nullable;

/**
 * Closes a test's resources in the order given (the client before the servers it talks to), for
 * an {@code @AfterEach}. A null is skipped: the test that failed before creating it has nothing to
 * close. A failing close does not keep the later ones from running, so one broken client does not
 * leave a server (and its port and event loop) behind for the next test.
 */
public final class Closing {
  private Closing() {}

  /**
   * Closes each non-null resource in order; afterwards rethrows the first failure, with the later
   * ones added to it as suppressed.
   */
  public static void closeAll(@Nullable AutoCloseable... resources) throws Exception {
    Throwable first = null;
    for (AutoCloseable resource : resources) {
      if (resource == null) {
        continue;
      }
      try {
        resource.close();
      } catch (Exception | Error e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first instanceof Error) {
      throw (Error) first;
    }
    if (first != null) {
      throw (Exception) first;
    }
  }
}
