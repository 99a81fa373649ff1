package org.asynchttpclient.netty.request;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.netty.request.body.Wire;
import org.asynchttpclient.proxy.ProxyServer;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.junit.jupiter.api.Test;

/**
 * The factory driven through its public entry with real {@link Request}, {@code Uri}, {@link Realm} and
 * {@link ProxyServer} objects.
 */
class NettyRequestFactoryPublicApiTest extends FactoryWire {
  @Test
  void originFormFromTheUriWithoutFragment() {
    Request request = Dsl.get("http://example.com:8080/a?b=1#frag").build();
    assertEquals("GET /a?b=1 HTTP/1.1\r\nhost: example.com:8080\r\n" + DEFAULTS + "\r\n",
        wire(factory.newNettyRequest(request, false, null, null, null)));
  }

  @Test
  void absoluteFormThroughAnHttpProxy() {
    Request request = Dsl.get("http://example.com/a?b=1#frag").build();
    ProxyServer proxy = Dsl.proxyServer("proxy.example", 3128).build();
    assertEquals("GET http://example.com/a?b=1 HTTP/1.1\r\nhost: example.com\r\n" + DEFAULTS + "\r\n",
        wire(factory.newNettyRequest(request, false, proxy, null, null)));
  }

  @Test
  void absoluteFormNeverCarriesUserInfo() {
    // RFC 9110 section 4.2.4; AHC 3.0.12 (#2258) stopped sending it to the proxy in the clear.
    ProxyServer proxy = Dsl.proxyServer("proxy.example", 3128).build();
    Request request = Dsl.get("http://user:secret@example.com:80/a?b=1").build();
    String requestLine = wire(factory.newNettyRequest(request, false, proxy, null, null)).split("\r\n")[0];
    assertEquals("GET http://example.com:80/a?b=1 HTTP/1.1", requestLine);
    assertEquals("GET " + request.getUri().toUrlWithoutUserInfo() + " HTTP/1.1", requestLine);
  }

  @Test
  void aSpaceInTheUrlGoesOutAsPercent20() {
    Request request = Dsl.get("http://example.com/a b?c=d e").build();
    assertEquals("GET /a%20b?c=d%20e HTTP/1.1\r\nhost: example.com\r\n" + DEFAULTS + "\r\n",
        wire(factory.newNettyRequest(request, false, null, null, null)));
  }

  @Test
  void connectTunnelWithProxyBasicCredentials() {
    Request request = Dsl.get("https://example.com/a").build();
    Realm proxyRealm = Dsl.basicAuthRealm("proxy", "pw").setUsePreemptiveAuth(true).build();
    ProxyServer proxy = Dsl.proxyServer("proxy.example", 3128).build();
    assertEquals("CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n"
            + "proxy-authorization: Basic cHJveHk6cHc=\r\nuser-agent: AHC/test\r\n\r\n",
        wire(factory.newNettyRequest(request, true, proxy, null, proxyRealm)));
  }

  @Test
  void preemptiveBasicFromTheRealm() {
    Request request = Dsl.get("http://example.com/").build();
    Realm realm = Dsl.basicAuthRealm("user", "pass").setUsePreemptiveAuth(true).build();
    HttpHeaders headers = factory.newNettyRequest(request, false, null, realm, null).getHttpRequest().headers();
    assertEquals("Basic dXNlcjpwYXNz", headers.get("authorization"));
  }

  @Test
  void digestFromARealmWithANonce() {
    Request request = Dsl.get("http://example.com/a?b=1").build();
    Realm realm = Dsl.digestAuthRealm("user", "pass").setRealmName("r").setNonce("n").setUsePreemptiveAuth(true)
        .build();
    String header = factory.newNettyRequest(request, false, null, realm, null).getHttpRequest().headers()
        .get("authorization");
    assertTrue(header.startsWith("Digest username=\"user\", realm=\"r\", nonce=\"n\", uri=\"/a?b=1\""), header);
    assertTrue(header.contains("response=\""), header);
  }

  @Test
  void formParamsAreUrlEncoded() {
    Request request = Dsl.post("http://example.com/form").addFormParam("a b", "c&d").build();
    assertEquals("POST /form HTTP/1.1\r\nhost: example.com\r\ncontent-length: 9\r\n"
            + "content-type: application/x-www-form-urlencoded\r\n" + DEFAULTS + "\r\na+b=c%26d",
        wire(factory.newNettyRequest(request, false, null, null, null)));
  }

  @Test
  void multipartCarriesItsBoundaryAndReplaysIdentically() {
    Request request = Dsl.post("http://example.com/up").addBodyPart(new StringPart("field", "value")).build();
    NettyRequest nettyRequest = factory.newNettyRequest(request, false, null, null, null);
    String contentType = nettyRequest.getHttpRequest().headers().get("content-type");
    assertTrue(contentType.startsWith("multipart/form-data; boundary="), contentType);
    String boundary = contentType.substring(contentType.indexOf('=') + 1);
    String first = Wire.bodyOf(wire(nettyRequest)).replace("<region>", "").replace("</region>", "");
    assertTrue(first.contains("--" + boundary), first);
    assertTrue(first.contains("name=\"field\""), first);
    assertEquals(nettyRequest.getHttpRequest().headers().get("content-length"),
        String.valueOf(first.getBytes(US_ASCII).length));
    assertTrue(bodyOf(nettyRequest).isReplayable());
    String second = Wire.bodyOf(wire(nettyRequest)).replace("<region>", "").replace("</region>", "");
    assertEquals(first, second);
  }

  @Test
  void byteArrayBodyGeneratorIsReplayable() {
    Request request = Dsl.post("http://example.com/")
        .setBody(new ByteArrayBodyGenerator("gen".getBytes(US_ASCII))).build();
    NettyRequest nettyRequest = factory.newNettyRequest(request, false, null, null, null);
    assertTrue(bodyOf(nettyRequest).isReplayable());
    assertEquals("gen", Wire.bodyOf(wire(nettyRequest)));
    assertEquals("gen", Wire.bodyOf(wire(nettyRequest)));
  }

  @Test
  void fileBodyGeneratorRegion() throws IOException {
    Path path = dir.resolve("f.txt");
    Files.write(path, "0123456789".getBytes(US_ASCII));
    Request request = Dsl.put("http://example.com/")
        .setBody(new FileBodyGenerator(path.toFile(), 2, 3)).build();
    NettyRequest nettyRequest = factory.newNettyRequest(request, false, null, null, null);
    assertEquals("3", nettyRequest.getHttpRequest().headers().get("content-length"));
    assertEquals("<region>234</region>", Wire.bodyOf(wire(nettyRequest)));
  }
}
