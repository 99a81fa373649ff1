package org.asynchttpclient.extras.interop;

import static org.asynchttpclient.Dsl.asyncHttpClient;
import static org.asynchttpclient.Dsl.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.Response;

/**
 * The load of {@link FullSizeRun}, run in a JVM of its own so that it can run against another
 * client of the same packages (AsyncHttpClient 3.0.14): it uses only the API the two share, and no
 * other class of this module. Prints its figures on standard output, the ids of failed requests on
 * a line starting with {@code failedIds=}.
 *
 * <pre>
 *   LoadMain concurrent URL METHOD ID_PREFIX TOTAL IN_FLIGHT
 *   LoadMain paced URL METHOD ID_PREFIX CLIENTS ROUNDS IDLE_MS JITTER_MS
 * </pre>
 */
public final class LoadMain {
  private static final String ID = "X-Interop-Id";

  // any thread
  private final AtomicInteger ok = new AtomicInteger();
  private final Map<String, Integer> failuresByMessage = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> failedIds = new ConcurrentLinkedQueue<>();

  private LoadMain() {}

  public static void main(String[] args) throws Exception {
    LoadMain load = new LoadMain();
    String url = args[1];
    String method = args[2];
    String prefix = args[3];
    long start = System.nanoTime();
    int total;
    if ("concurrent".equals(args[0])) {
      total = Integer.parseInt(args[4]);
      load.concurrent(url, method, prefix, total, Integer.parseInt(args[5]));
    } else {
      int clients = Integer.parseInt(args[4]);
      int rounds = Integer.parseInt(args[5]);
      total = clients * rounds;
      load.paced(url, method, prefix, clients, rounds, Long.parseLong(args[6]), Long.parseLong(args[7]));
    }
    System.out.printf(
        "requests=%d ok=%d failures=%d in %d ms%n",
        total, load.ok.get(), load.failedIds.size(), (System.nanoTime() - start) / 1_000_000);
    new TreeMap<>(load.failuresByMessage).forEach((m, n) -> System.out.println("  " + n + " x " + m));
    System.out.println("failedIds=" + String.join(",", load.failedIds));
    System.exit(0);
  }

  private void concurrent(String url, String method, String prefix, int total, int inFlight) throws Exception {
    try (AsyncHttpClient client = asyncHttpClient(config().setUseInsecureTrustManager(true))) {
      Semaphore slots = new Semaphore(inFlight);
      CountDownLatch done = new CountDownLatch(total);
      for (int i = 0; i < total; i++) {
        slots.acquire();
        String id = prefix + i;
        CompletableFuture<Response> unused =
            request(client, url, method, id)
                .execute()
                .toCompletableFuture()
                .whenComplete(
                    (response, failure) -> {
                      record(id, response, failure);
                      slots.release();
                      done.countDown();
                    });
      }
      if (!done.await(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException(done.getCount() + " requests without an outcome after 10 minutes");
      }
    }
  }

  private void paced(String url, String method, String prefix, int clients, int rounds, long idleMs, long jitterMs)
      throws Exception {
    List<Thread> threads = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      int index = c;
      Thread t =
          new Thread(
              () -> {
                try (AsyncHttpClient client = asyncHttpClient(config().setUseInsecureTrustManager(true))) {
                  for (int r = 0; r < rounds; r++) {
                    String id = prefix + index + "-" + r;
                    Response response = null;
                    Throwable failure = null;
                    try {
                      response = request(client, url, method, id).execute().get(60, TimeUnit.SECONDS);
                    } catch (ExecutionException e) {
                      failure = e.getCause();
                    }
                    record(id, response, failure);
                    // pacing, not synchronisation: the pooled connection idles this long
                    Thread.sleep(idleMs + ThreadLocalRandom.current().nextLong(-jitterMs, jitterMs + 1));
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              "load-" + c);
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      t.join();
    }
  }

  private static BoundRequestBuilder request(AsyncHttpClient client, String url, String method, String id) {
    BoundRequestBuilder request = client.prepare(method, url + "?id=" + id).addHeader(ID, id);
    if ("POST".equals(method)) {
      request.setBody("payload of " + id);
    }
    return request;
  }

  private void record(String id, Response response, Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    if (t == null && response.getStatusCode() == 200) {
      ok.incrementAndGet();
      return;
    }
    failedIds.add(id);
    String message = t == null ? "status " + response.getStatusCode() : t.getClass().getName() + ": " + t.getMessage();
    failuresByMessage.merge(message, 1, Integer::sum);
  }
}
