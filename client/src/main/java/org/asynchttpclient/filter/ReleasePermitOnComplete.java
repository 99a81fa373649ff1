package org.asynchttpclient.filter;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.asynchttpclient.AsyncHandler;
import org.jetbrains.annotations.Nullable;

/**
 * Wraps a handler so that a semaphore permit is released when the exchange ends.
 *
 * <p>The wrapper is a {@link Proxy} implementing every interface of the handler's class and
 * superclasses, so a handler that is also, say, a {@code ProgressAsyncHandler} keeps being seen as one.
 * Every call goes to the handler; after {@code onCompleted} or {@code onThrowable} returns or throws, the
 * permit is released. Unlike AHC 3.0.11, it is released at most once: a second terminal callback (which
 * a racing timeout and response could produce) must not hand out a permit that was never taken.
 */
public final class ReleasePermitOnComplete {

  private ReleasePermitOnComplete() {}

  /** Returns {@code handler} wrapped so that one permit of {@code available} is released at its end. */
  @SuppressWarnings("unchecked") // the proxy implements AsyncHandler because the handler's class does
  public static <T> AsyncHandler<T> wrap(AsyncHandler<T> handler, Semaphore available) {
    Class<?> handlerClass = handler.getClass();
    ClassLoader loader = handlerClass.getClassLoader();
    return (AsyncHandler<T>)
        Proxy.newProxyInstance(
            loader != null ? loader : AsyncHandler.class.getClassLoader(),
            allInterfaces(handlerClass),
            new ReleasingInvocationHandler(handler, available));
  }

  private static Class<?>[] allInterfaces(Class<?> type) {
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Class<?> i : c.getInterfaces()) {
        interfaces.add(i);
      }
    }
    return interfaces.toArray(new Class<?>[0]);
  }

  /** Forwards to the handler; releases the permit once, on the first terminal callback. */
  private static final class ReleasingInvocationHandler implements InvocationHandler {

    private final Object handler;
    private final Semaphore available;
    // Terminal callbacks may come from different threads (I/O thread, timer); the flag makes the release
    // happen once whoever comes first.
    private final AtomicBoolean released = new AtomicBoolean();

    ReleasingInvocationHandler(Object handler, Semaphore available) {
      this.handler = handler;
      this.available = available;
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, @Nullable Object[] args)
        throws Throwable {
      try {
        return method.invoke(handler, args);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        throw cause != null ? cause : e;
      } finally {
        String name = method.getName();
        if ((name.equals("onCompleted") || name.equals("onThrowable"))
            && released.compareAndSet(false, true)) {
          available.release();
        }
      }
    }
  }
}
