package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

/**
 * Follows a chain of slow redirects under a request timeout, with the absolute request deadline
 * off (each hop gets a fresh budget) or on (one budget for the whole exchange), and reports how
 * long it took and how it ended.
 */
public final class RedirectBudget {
  private RedirectBudget() {}

  /** How a run ended. */
  public static final class Outcome {
    private final long elapsedMillis;
    private final String result;
    private final boolean flagApplied;

    Outcome(long elapsedMillis, String result, boolean flagApplied) {
      this.elapsedMillis = elapsedMillis;
      this.result = result;
      this.flagApplied = flagApplied;
    }

    /** Wall time from execute to the end of the exchange. */
    public long elapsedMillis() {
      return elapsedMillis;
    }

    /** {@code HTTP <status>} or the failure's class and message. */
    public String result() {
      return result;
    }

    /** False when a flag was asked for (absolute deadline, event-loop timeouts) that this client lacks. */
    public boolean flagApplied() {
      return flagApplied;
    }
  }

  /**
   * GETs {@code url} with redirects followed and the given request timeout.
   *
   * @param absoluteDeadline whether to ask for one budget across all hops
   */
  public static Outcome run(String url, long requestTimeoutMillis, boolean absoluteDeadline)
      throws InterruptedException, IOException {
    return run(url, requestTimeoutMillis, absoluteDeadline, false);
  }

  /**
   * As {@link #run(String, long, boolean)}, with the timeouts on the event loop when {@code
   * eventLoopTimeouts} is set (so the budget's end is not rounded up to the timer's tick).
   */
  public static Outcome run(
      String url, long requestTimeoutMillis, boolean absoluteDeadline, boolean eventLoopTimeouts)
      throws InterruptedException, IOException {
    DefaultAsyncHttpClientConfig.Builder builder =
        new DefaultAsyncHttpClientConfig.Builder()
            .setRequestTimeout(Duration.ofMillis(requestTimeoutMillis))
            .setFollowRedirect(true);
    boolean applied =
        ClientFlags.set(builder, ClientFlags.USE_ABSOLUTE_REQUEST_DEADLINE, absoluteDeadline)
            && (!eventLoopTimeouts
                || ClientFlags.set(builder, ClientFlags.USE_EVENT_LOOP_TIMEOUTS, true));
    try (AsyncHttpClient client = Dsl.asyncHttpClient(builder.build())) {
      long start = System.nanoTime();
      String result;
      try {
        Response response = client.prepareGet(url).execute().get(30, TimeUnit.SECONDS);
        result = "HTTP " + response.getStatusCode();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        result = cause.getClass().getName() + ": " + cause.getMessage();
      } catch (TimeoutException e) {
        result = "no outcome within 30 s (the client's timeout did not fire)";
      }
      long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      return new Outcome(elapsed, result, applied || (!absoluteDeadline && !eventLoopTimeouts));
    }
  }
}
