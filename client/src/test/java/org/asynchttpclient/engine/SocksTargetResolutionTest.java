package org.asynchttpclient.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.socksx.v4.DefaultSocks4CommandResponse;
import io.netty.handler.codec.socksx.v4.Socks4CommandRequest;
import io.netty.handler.codec.socksx.v4.Socks4CommandStatus;
import io.netty.handler.codec.socksx.v4.Socks4ServerDecoder;
import io.netty.handler.codec.socksx.v4.Socks4ServerEncoder;
import io.netty.handler.codec.socksx.v5.DefaultSocks5CommandResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5InitialResponse;
import io.netty.handler.codec.socksx.v5.Socks5AddressType;
import io.netty.handler.codec.socksx.v5.Socks5AuthMethod;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5CommandStatus;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.DefaultAsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.proxy.ProxyType;
import org.asynchttpclient.testing.Await;
import org.asynchttpclient.testing.ClientFixture;
import org.asynchttpclient.testing.NeverResolver;
import org.asynchttpclient.testing.RawServer;
import org.asynchttpclient.testing.TestServer;
import org.asynchttpclient.testing.TunnelAnswer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The target of a SOCKS proxy is resolved by the client, as in AHC 3.0.11 (upstream
 * {@code ProxyTest.runSocksProxy}, {@code SocksProxyTest.testSocks4ProxyWithHttp}, whose SOCKS 4
 * server reads an IPv4 address only): the proxy is asked for an address, never a name, and the
 * resolution runs inside the request timeout. The proxies here grant the CONNECT and then answer
 * the tunnelled HTTP request themselves, naming the address they were asked for.
 */
class SocksTargetResolutionTest {
  private static final int TARGET_PORT = 8081;
  private RawServer proxy;
  private final List<String> asked = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    if (proxy != null) {
      proxy.close();
    }
  }

  private Response get(ProxyType type, String host, List<String> resolved) throws Exception {
    ProxyServer p = Dsl.proxyServer("127.0.0.1", proxy.port()).setProxyType(type).build();
    try (DefaultAsyncHttpClient client = ClientFixture.client()) {
      return client.prepareGet("http://" + host + ":" + TARGET_PORT + "/via-socks").setProxyServer(p)
          .execute(new AsyncCompletionHandlerBase() {
            @Override
            public void onHostnameResolutionAttempt(String name) {
              resolved.add(name);
            }
          })
          .get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void socks4IsAskedForTheTargetsIpv4Address() throws Exception {
    proxy = RawServer.withPipeline(ch -> ch.pipeline()
        .addLast("encoder", Socks4ServerEncoder.INSTANCE)
        .addLast("decoder", new Socks4ServerDecoder())
        .addLast("socks", new SimpleChannelInboundHandler<Socks4CommandRequest>() {
          @Override
          protected void channelRead0(ChannelHandlerContext ctx, Socks4CommandRequest req) {
            asked.add(req.dstAddr() + ":" + req.dstPort());
            ctx.pipeline().remove("decoder");
            ctx.pipeline().replace("socks", "http", new TunnelAnswer("asked for " + req.dstAddr()));
            ctx.writeAndFlush(new DefaultSocks4CommandResponse(Socks4CommandStatus.SUCCESS))
                .addListener(f -> ctx.pipeline().remove("encoder"));
          }
        }));
    List<String> resolved = new CopyOnWriteArrayList<>();
    Response r = get(ProxyType.SOCKS_V4, "localhost", resolved);
    assertEquals(200, r.getStatusCode());
    assertEquals("asked for 127.0.0.1", r.getResponseBody());
    assertEquals(List.of("127.0.0.1:" + TARGET_PORT), asked);
    assertEquals("localhost", resolved.get(0), "the target's name is resolved first: " + resolved);
  }

  @Test
  void socks5IsAskedForTheResolvedAddressToo() throws Exception {
    proxy = RawServer.withPipeline(ch -> ch.pipeline()
        .addLast("encoder", Socks5ServerEncoder.DEFAULT)
        .addLast("decoder", new Socks5InitialRequestDecoder())
        .addLast("socks", new SimpleChannelInboundHandler<Object>() {
          @Override
          protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Socks5InitialRequest) {
              ctx.pipeline().replace("decoder", "decoder", new Socks5CommandRequestDecoder());
              TestServer.send(ctx, new DefaultSocks5InitialResponse(Socks5AuthMethod.NO_AUTH));
              return;
            }
            Socks5CommandRequest req = (Socks5CommandRequest) msg;
            asked.add(req.dstAddrType() + " " + req.dstAddr());
            ctx.pipeline().remove("decoder");
            ctx.pipeline().replace("socks", "http", new TunnelAnswer("asked for " + req.dstAddr()));
            ctx.writeAndFlush(new DefaultSocks5CommandResponse(
                    Socks5CommandStatus.SUCCESS, Socks5AddressType.IPv4, "127.0.0.1", 0))
                .addListener(f -> ctx.pipeline().remove("encoder"));
          }
        }));
    Response r = get(ProxyType.SOCKS_V5, "localhost", new CopyOnWriteArrayList<>());
    assertEquals(200, r.getStatusCode());
    assertEquals(1, asked.size(), asked.toString());
    String address = asked.get(0).substring(asked.get(0).indexOf(' ') + 1);
    assertTrue(NetUtil.isValidIpV4Address(address) || NetUtil.isValidIpV6Address(address), asked.toString());
    assertTrue(InetAddress.getByName(address).isLoopbackAddress(), asked.toString());
  }

  @Test
  void aResolutionThatNeverEndsIsBoundedByTheRequestTimeout() throws Exception {
    proxy = RawServer.silent();
    ProxyServer p = Dsl.proxyServer("127.0.0.1", proxy.port()).setProxyType(ProxyType.SOCKS_V4).build();
    try (DefaultAsyncHttpClient client =
        ClientFixture.client(ClientFixture.config().setRequestTimeout(Duration.ofMillis(300)))) {
      ExecutionException e = Await.failed(client.prepareGet("http://never.test:" + TARGET_PORT + "/").setProxyServer(p).setNameResolver(new NeverResolver()).execute(), 10);
      assertInstanceOf(TimeoutException.class, e.getCause(), String.valueOf(e.getCause()));
    }
    assertEquals(0, proxy.acceptedCount(), "nothing was dialled while the name was unresolved");
  }
}
