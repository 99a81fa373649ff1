package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.Response;
import org.asynchttpclient.netty.request.NettyRequest;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.H2Fixture;
import org.asynchttpclient.testing.H2TestServer;
import org.asynchttpclient.testing.TestServer;
import org.junit.jupiter.api.Test;

/**
 * The AsyncHandler callbacks of a request over HTTP/2 and over HTTPS, in 3.0.11's order: a pool
 * lookup first (also for the request that then opens the connection, and for one that reuses the
 * HTTP/2 connection), the connection offered back before completion (the HTTP/2 connection, as
 * the stream is not reusable), and no "headers written" over HTTP/2, which 3.0.11 never reports.
 */
class Http2HandlerEventsTest extends H2Fixture {

  /** Names each callback as upstream's event-collecting handler does. */
  private static final class Events extends AsyncCompletionHandlerBase {
    final List<String> names = new CopyOnWriteArrayList<>();
    volatile Channel offered;

    @Override
    public void onConnectionPoolAttempt() {
      names.add("pool");
    }

    @Override
    public void onHostnameResolutionAttempt(String name) {
      names.add("resolve");
    }

    @Override
    public void onHostnameResolutionSuccess(String name, List<InetSocketAddress> addresses) {
      names.add("resolved");
    }

    @Override
    public void onTcpConnectAttempt(InetSocketAddress remoteAddress) {
      names.add("connect");
    }

    @Override
    public void onTcpConnectSuccess(InetSocketAddress remoteAddress, Channel connection) {
      names.add("connected");
    }

    @Override
    public void onTlsHandshakeAttempt() {
      names.add("tls");
    }

    @Override
    public void onTlsHandshakeSuccess(SSLSession sslSession) {
      names.add("tlsDone");
    }

    @Override
    public void onConnectionPooled(Channel connection) {
      names.add("pooled");
    }

    @Override
    public void onRequestSend(NettyRequest request) {
      names.add("send");
    }

    @Override
    public State onHeadersWritten() {
      names.add("headersWritten");
      return State.CONTINUE;
    }

    @Override
    public State onStatusReceived(org.asynchttpclient.HttpResponseStatus status) throws Exception {
      names.add("status");
      return super.onStatusReceived(status);
    }

    @Override
    public State onHeadersReceived(io.netty.handler.codec.http.HttpHeaders headers) throws Exception {
      names.add("headers");
      return super.onHeadersReceived(headers);
    }

    @Override
    public void onConnectionOffer(Channel connection) {
      names.add("offer");
      offered = connection;
    }

    @Override
    public Response onCompleted(Response response) throws Exception {
      names.add("completed");
      return super.onCompleted(response);
    }
  }

  private Events get(String path) throws Exception {
    Events events = new Events();
    client.prepareGet(server.url(path)).execute(events).get(10, TimeUnit.SECONDS);
    return events;
  }

  @Test
  void aNewHttp2ConnectionThenAReusedOne() throws Exception {
    server = new H2TestServer();
    server.route("/ok", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "ok"));
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());

    Events first = get("/ok");
    assertEquals(
        List.of("pool", "resolve", "resolved", "connect", "connected", "tls", "tlsDone", "send",
            "status", "headers", "offer", "completed"),
        first.names);
    assertEquals(server.port(), ((InetSocketAddress) first.offered.remoteAddress()).getPort());
    assertEquals(null, first.offered.parent(), "the connection is offered, not its stream");

    Events second = get("/ok");
    assertEquals(List.of("pool", "send", "status", "headers", "offer", "completed"), second.names);
    assertEquals(1, server.connections().size());
  }

  @Test
  void theFirstHttpsRequestOverHttp11LooksInThePoolFirst() throws Exception {
    server = new H2TestServer(new H2TestServer.Options().alpn("http/1.1"));
    server.route("/ok", (ctx, req) -> TestServer.respond(ctx, true, HttpResponseStatus.OK, "ok"));
    client = ClientFixture.client(Http2NegotiationTest.tlsConfig());

    assertEquals(
        List.of("pool", "resolve", "resolved", "connect", "connected", "tls", "tlsDone", "send",
            "headersWritten", "status", "headers", "offer", "completed"),
        get("/ok").names);
  }
}
