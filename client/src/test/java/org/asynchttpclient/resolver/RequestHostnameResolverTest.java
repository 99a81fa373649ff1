package org.asynchttpclient.resolver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.resolver.NameResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.HttpResponseBodyPart;
import org.asynchttpclient.HttpResponseStatus;
import org.junit.jupiter.api.Test;

class RequestHostnameResolverTest {

  /** Records the resolution hooks in order. */
  private static final class RecordingHandler implements AsyncHandler<Void> {
    final List<String> events = new ArrayList<>();
    boolean throwOnSuccess;

    @Override
    public void onHostnameResolutionAttempt(String name) {
      events.add("attempt " + name);
    }

    @Override
    public void onHostnameResolutionSuccess(String name, List<InetSocketAddress> addresses) {
      events.add("success " + name + " " + addresses);
      if (throwOnSuccess) {
        throw new IllegalStateException("handler bug");
      }
    }

    @Override
    public void onHostnameResolutionFailure(String name, Throwable cause) {
      events.add("failure " + name + " " + cause.getMessage());
    }

    @Override
    public State onStatusReceived(HttpResponseStatus responseStatus) {
      return State.CONTINUE;
    }

    @Override
    public State onHeadersReceived(HttpHeaders headers) {
      return State.CONTINUE;
    }

    @Override
    public State onBodyPartReceived(HttpResponseBodyPart bodyPart) {
      return State.CONTINUE;
    }

    @Override
    public void onThrowable(Throwable t) {}

    @Override
    public Void onCompleted() {
      throw new UnsupportedOperationException();
    }
  }

  /** Answers from a fixed list, or fails, without any network. */
  private static NameResolver<InetAddress> fixedResolver(List<InetAddress> answer, Throwable failure) {
    return new NameResolver<InetAddress>() {
      @Override
      public Future<InetAddress> resolve(String inetHost) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Future<InetAddress> resolve(String inetHost, Promise<InetAddress> promise) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Future<List<InetAddress>> resolveAll(String inetHost) {
        Promise<List<InetAddress>> promise = ImmediateEventExecutor.INSTANCE.newPromise();
        return answer.isEmpty() ? promise.setFailure(failure) : promise.setSuccess(answer);
      }

      @Override
      public Future<List<InetAddress>> resolveAll(String inetHost, Promise<List<InetAddress>> promise) {
        throw new UnsupportedOperationException();
      }

      @Override
      public void close() {}
    };
  }

  @Test
  void successKeepsThePortAndCallsTheHooksInOrder() throws Exception {
    InetAddress a = InetAddress.getByAddress("example.test", new byte[] {10, 0, 0, 1});
    InetAddress b = InetAddress.getByAddress("example.test", new byte[] {10, 0, 0, 2});
    RecordingHandler handler = new RecordingHandler();
    Future<List<InetSocketAddress>> future = RequestHostnameResolver.INSTANCE.resolve(
        fixedResolver(Arrays.asList(a, b), new UnknownHostException()),
        InetSocketAddress.createUnresolved("example.test", 8443), handler);
    assertTrue(future.isSuccess());
    List<InetSocketAddress> resolved = future.getNow();
    assertEquals(Arrays.asList(new InetSocketAddress(a, 8443), new InetSocketAddress(b, 8443)), resolved);
    assertEquals(Arrays.asList("attempt example.test", "success example.test " + resolved), handler.events);
  }

  @Test
  void failureIsReportedOnceAndFailsTheFuture() {
    RecordingHandler handler = new RecordingHandler();
    UnknownHostException cause = new UnknownHostException("nope.test");
    Future<List<InetSocketAddress>> future = RequestHostnameResolver.INSTANCE.resolve(
        fixedResolver(Collections.emptyList(), cause), InetSocketAddress.createUnresolved("nope.test", 80), handler);
    assertFalse(future.isSuccess());
    assertSame(cause, future.cause());
    assertEquals(Arrays.asList("attempt nope.test", "failure nope.test nope.test"), handler.events);
  }

  @Test
  void aThrowingHookFailsTheFutureInsteadOfHangingIt() throws Exception {
    InetAddress a = InetAddress.getByAddress("example.test", new byte[] {10, 0, 0, 1});
    RecordingHandler handler = new RecordingHandler();
    handler.throwOnSuccess = true;
    Future<List<InetSocketAddress>> future = RequestHostnameResolver.INSTANCE.resolve(
        fixedResolver(Collections.singletonList(a), new UnknownHostException()),
        InetSocketAddress.createUnresolved("example.test", 80), handler);
    assertTrue(future.isDone());
    assertEquals("handler bug", String.valueOf(future.cause().getMessage()));
  }
}
