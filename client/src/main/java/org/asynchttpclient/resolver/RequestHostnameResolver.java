package org.asynchttpclient.resolver;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.asynchttpclient.AsyncHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves the host of a request and tells the request's {@link AsyncHandler} about it:
 * {@code onHostnameResolutionAttempt} before, then exactly one of {@code onHostnameResolutionSuccess}
 * or {@code onHostnameResolutionFailure}.
 *
 * <p>The returned future completes on the thread that completes the resolver's future (the caller's, for
 * a blocking resolver), and the handler hooks run there too. A hook that throws fails the returned
 * future with that exception, so a broken handler cannot leave a request waiting.
 */
public enum RequestHostnameResolver {
  INSTANCE;

  private static final Logger LOGGER = LoggerFactory.getLogger(RequestHostnameResolver.class);

  /**
   * Resolves {@code unresolvedAddress}'s host with {@code nameResolver}, keeping its port.
   *
   * @return a future of every address of the host, in the resolver's order
   */
  public Future<List<InetSocketAddress>> resolve(NameResolver<InetAddress> nameResolver,
      InetSocketAddress unresolvedAddress, AsyncHandler<?> asyncHandler) {
    String hostname = unresolvedAddress.getHostString();
    int port = unresolvedAddress.getPort();
    Promise<List<InetSocketAddress>> promise = ImmediateEventExecutor.INSTANCE.newPromise();
    if (!notifyAttempt(asyncHandler, hostname, promise)) {
      return promise;
    }
    Future<List<InetAddress>> resolved;
    try {
      resolved = nameResolver.resolveAll(hostname);
    } catch (RuntimeException e) {
      notifyFailure(asyncHandler, hostname, e, promise);
      return promise;
    }
    resolved.addListener(future -> {
      if (future.isSuccess()) {
        List<InetAddress> addresses = resolved.getNow();
        List<InetSocketAddress> socketAddresses = new ArrayList<>(addresses.size());
        for (InetAddress address : addresses) {
          socketAddresses.add(new InetSocketAddress(address, port));
        }
        notifySuccess(asyncHandler, hostname, socketAddresses, promise);
      } else {
        notifyFailure(asyncHandler, hostname, future.cause(), promise);
      }
    });
    return promise;
  }

  /**
   * Resolves {@code unresolvedAddress} with {@code addressResolver}.
   *
   * @return a future of every address of the host, in the resolver's order
   */
  public Future<List<InetSocketAddress>> resolve(AddressResolver<InetSocketAddress> addressResolver,
      InetSocketAddress unresolvedAddress, AsyncHandler<?> asyncHandler) {
    String hostname = unresolvedAddress.getHostString();
    Promise<List<InetSocketAddress>> promise = ImmediateEventExecutor.INSTANCE.newPromise();
    if (!notifyAttempt(asyncHandler, hostname, promise)) {
      return promise;
    }
    Future<List<InetSocketAddress>> resolved;
    try {
      resolved = addressResolver.resolveAll(unresolvedAddress);
    } catch (RuntimeException e) {
      notifyFailure(asyncHandler, hostname, e, promise);
      return promise;
    }
    resolved.addListener(future -> {
      if (future.isSuccess()) {
        notifySuccess(asyncHandler, hostname, new ArrayList<>(resolved.getNow()), promise);
      } else {
        notifyFailure(asyncHandler, hostname, future.cause(), promise);
      }
    });
    return promise;
  }

  private static boolean notifyAttempt(AsyncHandler<?> handler, String hostname,
      Promise<List<InetSocketAddress>> promise) {
    try {
      handler.onHostnameResolutionAttempt(hostname);
      return true;
    } catch (RuntimeException e) {
      LOGGER.error("onHostnameResolutionAttempt({}) threw", hostname, e);
      promise.tryFailure(e);
      return false;
    }
  }

  private static void notifySuccess(AsyncHandler<?> handler, String hostname, List<InetSocketAddress> addresses,
      Promise<List<InetSocketAddress>> promise) {
    if (addresses.isEmpty()) {
      notifyFailure(handler, hostname, new UnknownHostException(hostname + ": the resolver returned no address"),
          promise);
      return;
    }
    List<InetSocketAddress> result = Collections.unmodifiableList(addresses);
    try {
      handler.onHostnameResolutionSuccess(hostname, result);
    } catch (RuntimeException e) {
      LOGGER.error("onHostnameResolutionSuccess({}) threw", hostname, e);
      promise.tryFailure(e);
      return;
    }
    promise.trySuccess(result);
  }

  private static void notifyFailure(AsyncHandler<?> handler, String hostname, Throwable cause,
      Promise<List<InetSocketAddress>> promise) {
    try {
      handler.onHostnameResolutionFailure(hostname, cause);
    } catch (RuntimeException e) {
      LOGGER.error("onHostnameResolutionFailure({}) threw", hostname, e);
      cause.addSuppressed(e);
    }
    promise.tryFailure(cause);
  }
}
