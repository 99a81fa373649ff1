package io.github.ahcdeadline.bench;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.util.concurrent.TimeUnit;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.jetbrains.annotations.Nullable;

/**
 * Child-JVM entry point of {@link OtelAgentProbe}: the client side of the OpenTelemetry agent
 * measurement, run with the agent against whichever client is on the classpath (ahc-deadline or
 * AHC 3.0.11; only the API both share is used here).
 *
 * <p>Usage: {@code OtelAgentClientMain BASE_URL plain|module}. Sends {@value #REQUESTS} GETs one
 * after the other, each tagged {@code ?req=N}: requests 1 to {@value #OUTSIDE} with no current
 * span, the others each inside an application span started through {@link GlobalOpenTelemetry}
 * (which the agent bridges to its SDK, as it does for {@code @WithSpan}) and current around
 * {@code execute} and {@code get}. Request {@value #REDIRECTED} goes to {@code /redirect}, which
 * the server answers with one 302. {@code module} also registers ahc-deadline's own
 * extras/opentelemetry listener on {@code GlobalOpenTelemetry.get()}. An {@code https} BASE_URL
 * is the probe's HTTP/2 server (both clients negotiate h2 by ALPN; its certificate is trusted
 * blindly). Prints one line per request:
 * {@code REQUEST req=N status=S app=TRACEID-SPANID} ({@code app=none} outside a span; {@code
 * status=0} when the future completed without a response).
 */
public final class OtelAgentClientMain {
  static final int REQUESTS = 9;
  static final int OUTSIDE = 4;
  static final int REDIRECTED = 7;

  private OtelAgentClientMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2 || !(args[1].equals("plain") || args[1].equals("module"))) {
      throw new IllegalArgumentException(
          "arguments: " + String.join(" ", args) + " (expected BASE_URL plain|module)");
    }
    String base = args[0];
    DefaultAsyncHttpClientConfig.Builder config =
        Dsl.config()
            .setFollowRedirect(true)
            // the HTTP/2 server's certificate is self-signed
            .setUseInsecureTrustManager(base.startsWith("https:"));
    if (args[1].equals("module")) {
      // In its own class: AHC 3.0.11 has no exchange listeners, and its runs never load it.
      OtelModuleHook.register(config);
    }
    Tracer tracer = GlobalOpenTelemetry.getTracer("otel-agent-probe");
    try (AsyncHttpClient client = Dsl.asyncHttpClient(config)) {
      for (int req = 1; req <= REQUESTS; req++) {
        String url = base + (req == REDIRECTED ? "/redirect" : "/hop") + "?req=" + req;
        if (req <= OUTSIDE) {
          int status = statusOf(client.prepareGet(url).execute().get(10, TimeUnit.SECONDS));
          System.out.println("REQUEST req=" + req + " status=" + status + " app=none");
          continue;
        }
        Span app = tracer.spanBuilder("app-request-" + req).startSpan();
        int status;
        try (Scope ignored = app.makeCurrent()) {
          status = statusOf(client.prepareGet(url).execute().get(10, TimeUnit.SECONDS));
        } finally {
          app.end();
        }
        SpanContext c = app.getSpanContext();
        System.out.println(
            "REQUEST req=" + req + " status=" + status + " app=" + c.getTraceId() + "-"
                + c.getSpanId());
      }
    }
  }

  /** The status, or 0 for a future completed with no response (AHC 3.0.11 over HTTP/2 does). */
  private static int statusOf(@Nullable Response response) {
    return response == null ? 0 : response.getStatusCode();
  }
}
