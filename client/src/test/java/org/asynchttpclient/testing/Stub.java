package org.asynchttpclient.testing;

import java.lang.reflect.Proxy;
import org.jetbrains.annotations.Nullable;

/**
 * Stands in for an interface a test needs only a few methods of, without depending on any of its
 * implementations: a dynamic proxy with a description as its toString and identity equality, whose
 * other methods one function answers by name.
 */
public final class Stub {
  private Stub() {}

  /** Answers the stub's methods other than toString, hashCode and equals. */
  public interface Answer {
    @Nullable Object answer(String method, @Nullable Object[] args) throws Throwable;
  }

  /** A {@code type} described as {@code description}, whose other methods {@code answer} decides. */
  public static <T> T of(Class<T> type, String description, Answer answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "toString":
                  return description;
                case "hashCode":
                  return System.identityHashCode(proxy);
                case "equals":
                  return proxy == args[0];
                default:
                  return answer.answer(method.getName(), args);
              }
            }));
  }

  /** What a stub throws for a method the test did not expect to be called. */
  public static UnsupportedOperationException unexpected(String method) {
    return new UnsupportedOperationException(method);
  }
}
