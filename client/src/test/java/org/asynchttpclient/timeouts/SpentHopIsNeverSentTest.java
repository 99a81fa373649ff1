package org.asynchttpclient.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import java.time.Duration;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * A {@link Timer} whose timeouts never run, so a test can hold a timeout "late" for as long as it
 * likes.
 */
final class NeverFiringTimer implements Timer {
  @Override
  public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
    Timer self = this;
    return new Timeout() {
      private volatile boolean cancelled;

      @Override
      public Timer timer() {
        return self;
      }

      @Override
      public TimerTask task() {
        return task;
      }

      @Override
      public boolean isExpired() {
        return false;
      }

      @Override
      public boolean isCancelled() {
        return cancelled;
      }

      @Override
      public boolean cancel() {
        cancelled = true;
        return true;
      }
    };
  }

  @Override
  public Set<Timeout> stop() {
    return Collections.emptySet();
  }
}

/**
 * A redirect that arrives after the exchange's whole budget is spent, but before a coarse timer
 * gets round to firing, must not be followed: a 307 would otherwise carry the POST body to the
 * redirect target while the caller is told the request timed out.
 */
class SpentHopIsNeverSentTest {
  @Test
  void a307AfterTheBudgetIsSpentSendsNothingToTheTarget() throws Exception {
    // A timer that never fires stands for one running late (a coarse wheel, a starved thread):
    // the 307 then reaches the exchange after its budget is spent, and only the budget check
    // before the next hop can stop it.
    NeverFiringTimer coarse = new NeverFiringTimer();
    try (TestServer origin = new TestServer();
        TestServer target = new TestServer()) {
      target.route("/target", (ctx, req) -> TestServer.respond(ctx, req, HttpResponseStatus.OK, "got it"));
      origin.route(
          "/start",
          (ctx, req) ->
              ctx.executor()
                  .schedule(
                      () -> {
                        FullHttpResponse res =
                            new DefaultFullHttpResponse(
                                HttpVersion.HTTP_1_1,
                                HttpResponseStatus.TEMPORARY_REDIRECT,
                                Unpooled.EMPTY_BUFFER);
                        res.headers().set(HttpHeaderNames.LOCATION, target.url("/target"));
                        res.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
                        ctx.writeAndFlush(res);
                      },
                      330,
                      TimeUnit.MILLISECONDS));
      DefaultAsyncHttpClientConfig config =
          new DefaultAsyncHttpClientConfig.Builder()
              .setNettyTimer(coarse)
              .setFollowRedirect(true)
              .setUseAbsoluteRequestDeadline(true)
              .setRequestTimeout(Duration.ofMillis(300))
              .setShutdownQuietPeriod(Duration.ZERO)
              .build();
      try (DefaultAsyncHttpClient client = new DefaultAsyncHttpClient(config)) {
        long start = System.nanoTime();
        ExecutionException e =
            Await.failed(client.preparePost(origin.url("/start")).setBody("secret-body").execute(), 5);
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        // By default the plain class; the message says the hop was never sent, and which hop.
        assertEquals(TimeoutException.class, e.getCause().getClass(), String.valueOf(e.getCause()));
        String message = e.getCause().getMessage();
        assertTrue(message.startsWith("Request timeout to "), message);
        assertTrue(message.contains("after 300 ms before the request was sent"), message);
        assertTrue(message.contains("hop 1,"), "it was the redirect hop that was refused: " + message + " after " + elapsedMs);
        assertEquals(0, target.acceptedCount(), "the redirect target was never contacted");
        assertTrue(elapsedMs >= 300, "the budget was spent when the 307 came: " + elapsedMs);
      }
    } finally {
      coarse.stop();
    }
  }
}
