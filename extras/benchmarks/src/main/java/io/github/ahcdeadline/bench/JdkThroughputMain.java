package io.github.ahcdeadline.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Child-JVM entry point of the throughput benchmark for the JDK's {@link HttpClient} (HTTP/1.1,
 * keep-alive), the same load as {@link AhcThroughputMain}.
 *
 * <p>Usage: {@code JdkThroughputMain URL IN_FLIGHT WARMUP_MS MEASURE_MS}.
 */
public final class JdkThroughputMain {
  private JdkThroughputMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 4) {
      throw new IllegalArgumentException(
          "arguments: " + args.length + " (expected URL IN_FLIGHT WARMUP_MS MEASURE_MS)");
    }
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpRequest request = HttpRequest.newBuilder(URI.create(args[0])).GET().build();
    ClosedLoop loop = new ClosedLoop(done -> get(client, request, done), Integer.parseInt(args[1]));
    loop.start();
    Meter.Window window =
        Meter.measure(loop::completed, Long.parseLong(args[2]), Long.parseLong(args[3]));
    loop.stop(30_000);
    System.out.println(window.resultLine(loop.errors(), loop.firstError()));
  }

  private static void get(HttpClient client, HttpRequest request, Consumer<Throwable> done) {
    // The callback reports the outcome; the derived future adds nothing.
    CompletableFuture<HttpResponse<byte[]>> unused =
        client
        .sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .whenComplete(
            (response, failure) -> {
              if (failure != null) {
                done.accept(failure);
              } else if (response.statusCode() != 200
                  || response.body().length != LoopbackServer.SMALL_BODY_LENGTH) {
                done.accept(
                    new IllegalStateException(
                        "response: HTTP " + response.statusCode() + ", " + response.body().length
                            + " bytes (expected HTTP 200, " + LoopbackServer.SMALL_BODY_LENGTH
                            + " bytes)"));
              } else {
                done.accept(null);
              }
            });
  }
}
