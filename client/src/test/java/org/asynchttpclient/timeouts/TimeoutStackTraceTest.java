package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.exception.ExchangeTimeoutException;
import org.asynchttpclient.exception.RequestTimeoutException;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.events.HopView;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A timeout is described once with a recorded stack, not twice: by default the caller's plain
 * {@link TimeoutException} carries the stack and the typed exception, seen only by listeners,
 * records none; with {@code typedTimeoutExceptions} the typed one is the caller's and carries it.
 */
class TimeoutStackTraceTest {
  private TestServer server;

  @BeforeEach
  void startServer() throws Exception {
    server = new TestServer().route("/never", (ctx, req) -> {});
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  /** Keeps the typed exception the listener hears. */
  private static final class Heard implements ExchangeListener {
    final CompletableFuture<ExchangeTimeoutException> timeout = new CompletableFuture<>();

    @Override
    public void timeoutFired(HopView hop, ExchangeTimeoutException e) {
      timeout.complete(e);
    }
  }

  private Throwable timeOut(boolean typed, Heard heard) throws Exception {
    try (DefaultAsyncHttpClient client =
        new DefaultAsyncHttpClient(
            ClientFixture.config()
                .setTypedTimeoutExceptions(typed)
                .addExchangeListener(heard)
                .build())) {
      ExecutionException e =
          Await.failed(
              client.prepareGet(server.url("/never")).setRequestTimeout(Duration.ofMillis(100)).execute(),
              5);
      return e.getCause();
    }
  }

  @Test
  void byDefaultTheCallersPlainExceptionHasTheStackAndTheListenersTypedOneNone() throws Exception {
    Heard heard = new Heard();
    Throwable caller = timeOut(false, heard);
    ExchangeTimeoutException typed = heard.timeout.get(5, TimeUnit.SECONDS);

    assertEquals(TimeoutException.class, caller.getClass());
    assertTrue(caller.getStackTrace().length > 0, "the caller's exception has no stack");
    assertEquals(0, typed.getStackTrace().length, "the listener's typed exception recorded a stack");
    assertEquals(caller.getMessage(), typed.getMessage());
  }

  @Test
  void typedTheCallersExceptionIsTheListenersAndHasTheStack() throws Exception {
    Heard heard = new Heard();
    Throwable caller = timeOut(true, heard);

    assertInstanceOf(RequestTimeoutException.class, caller);
    assertSame(caller, heard.timeout.get(5, TimeUnit.SECONDS));
    assertTrue(caller.getStackTrace().length > 0, "the caller's typed exception has no stack");
  }

  @Test
  void theBuilderRecordsAStackUnlessToldNotToAndAFillLaterStillWorks() {
    ExchangeTimeoutException withStack = ExchangeTimeoutException.builder(ExchangeTimeoutException.Kind.READ).build();
    // As a fill by Throwable's constructor would: the constructors' own frames are left out.
    StackTraceElement[] stack = withStack.getStackTrace();
    assertEquals("build", stack[0].getMethodName(), stack[0].toString());
    assertEquals(TimeoutStackTraceTest.class.getName(), stack[1].getClassName(), stack[1].toString());

    ExchangeTimeoutException without =
        ExchangeTimeoutException.builder(ExchangeTimeoutException.Kind.READ).stackTrace(false).build();
    assertEquals(0, without.getStackTrace().length);
    // The rethrow idiom: a fill after construction records where it was called.
    without.fillInStackTrace();
    assertEquals(TimeoutStackTraceTest.class.getName(), without.getStackTrace()[0].getClassName());
  }

  @Test
  void theLatenessIsWrittenInMillisecondsWithThreeDecimals() {
    assertEquals("0.000", late(0));
    assertEquals("0.000", late(999));
    assertEquals("0.050", late(50_000));
    assertEquals("0.123", late(123_456));
    assertEquals("1.005", late(1_005_000));
    assertEquals("12.000", late(12_000_000));
    assertEquals("1500.250", late(1_500_250_000));
  }

  private static String late(long nanos) {
    String message =
        ExchangeTimeoutException.builder(ExchangeTimeoutException.Kind.REQUEST).lateNanos(nanos).build().getMessage();
    String fired = message.substring(message.indexOf(", fired ") + ", fired ".length());
    return fired.substring(0, fired.indexOf(" ms after its deadline"));
  }
}
