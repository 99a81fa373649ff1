package org.asynchttpclient;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.security.MessageDigest;
import java.util.List;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.netty.EagerResponseBodyPart;
import org.asynchttpclient.netty.NettyResponseStatus;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.AuthenticatorUtils;
import org.asynchttpclient.util.HttpUtils;
import org.asynchttpclient.util.MessageDigestUtils;
import org.junit.jupiter.api.Test;

/**
 * The public members AHC 3.0.13 and 3.0.14 added (read from 3.0.13's sources and 3.0.14's jar with
 * javap) exist here with their signatures, modifiers and defaults, so that code written or compiled
 * against 3.0.14 compiles and links (Upstream3014LinkageTest links a probe compiled against the
 * 3.0.14 jar). The behaviours behind them have tests of their own; this one checks the surface and
 * the small pieces that are only API (a view, a helper, a hash).
 */
class Upstream3014ApiTest {

  private static Method method(Class<?> type, String name, Class<?>... params) throws Exception {
    return type.getDeclaredMethod(name, params);
  }

  private static void assertPublic(Method m) {
    assertTrue(Modifier.isPublic(m.getModifiers()), m + " is public");
  }

  private static void assertPublicStatic(Method m) {
    assertTrue(Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()), m + " is public static");
  }

  @Test
  void theConfigInterfaceHasTheNewGettersAsDefaultMethods() throws Exception {
    Object[][] getters = {
      {"getMaxDecompressedResponseSize", long.class},
      {"getWebSocketMaxDecompressedFrameSize", int.class},
      {"isUseEventLoopTimeouts", boolean.class},
      {"isUseAbsoluteRequestDeadline", boolean.class},
      {"isRefuseSchemeDowngradeOnRedirect", boolean.class},
      {"isRefuseCrossOriginBodyOnRedirect", boolean.class},
    };
    for (Object[] g : getters) {
      Method m = method(AsyncHttpClientConfig.class, (String) g[0]);
      assertEquals(g[1], m.getReturnType(), m.toString());
      assertTrue(m.isDefault(), m + " is a default method: a user's own config still compiles");
      assertPublic(method(DefaultAsyncHttpClientConfig.class, (String) g[0]));
    }
  }

  @Test
  void theBuilderHasTheNewSettersReturningItself() throws Exception {
    Class<?> b = DefaultAsyncHttpClientConfig.Builder.class;
    for (Method m : List.of(
        method(b, "setMaxDecompressedResponseSize", long.class),
        method(b, "setWebSocketMaxDecompressedFrameSize", int.class),
        method(b, "setUseEventLoopTimeouts", boolean.class),
        method(b, "setUseAbsoluteRequestDeadline", boolean.class),
        method(b, "setRefuseSchemeDowngradeOnRedirect", boolean.class),
        method(b, "setRefuseCrossOriginBodyOnRedirect", boolean.class))) {
      assertPublic(m);
      assertEquals(b, m.getReturnType(), m.toString());
    }
  }

  @Test
  void theDefaultsClassHasTheNewKeysAndMethods() throws Exception {
    assertEquals("maxDecompressedResponseSize", AsyncHttpClientConfigDefaults.MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG);
    assertEquals("webSocketMaxDecompressedFrameSize",
        AsyncHttpClientConfigDefaults.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE_CONFIG);
    assertEquals("useEventLoopTimeouts", AsyncHttpClientConfigDefaults.USE_EVENT_LOOP_TIMEOUTS_CONFIG);
    assertEquals("useAbsoluteRequestDeadline", AsyncHttpClientConfigDefaults.USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG);
    assertEquals("refuseSchemeDowngradeOnRedirect",
        AsyncHttpClientConfigDefaults.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG);
    assertEquals("refuseCrossOriginBodyOnRedirect",
        AsyncHttpClientConfigDefaults.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG);
    Object[][] defaults = {
      {"defaultMaxDecompressedResponseSize", long.class},
      {"defaultWebSocketMaxDecompressedFrameSize", int.class},
      {"defaultUseEventLoopTimeouts", boolean.class},
      {"defaultUseAbsoluteRequestDeadline", boolean.class},
      {"defaultRefuseSchemeDowngradeOnRedirect", boolean.class},
      {"defaultRefuseCrossOriginBodyOnRedirect", boolean.class},
    };
    for (Object[] d : defaults) {
      Method m = method(AsyncHttpClientConfigDefaults.class, (String) d[0]);
      assertPublicStatic(m);
      assertEquals(d[1], m.getReturnType(), m.toString());
    }
  }

  @Test
  void theDefaultsAre3014s() {
    AsyncHttpClientConfig config = new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null).build();
    assertEquals(268_435_456L, config.getMaxDecompressedResponseSize());
    assertEquals(128_000_000, config.getWebSocketMaxDecompressedFrameSize());
    assertFalse(config.isUseEventLoopTimeouts());
    assertFalse(config.isUseAbsoluteRequestDeadline());
    assertFalse(config.isRefuseSchemeDowngradeOnRedirect());
    assertFalse(config.isRefuseCrossOriginBodyOnRedirect());
  }

  @Test
  void aUsersOwnConfigGetsTheWebSocketBufferSizeAsItsDecompressedFrameLimitAs3014Gives() {
    AsyncHttpClientConfig built = new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null).build();
    AsyncHttpClientConfig custom = (AsyncHttpClientConfig) Proxy.newProxyInstance(
        AsyncHttpClientConfig.class.getClassLoader(), new Class<?>[] {AsyncHttpClientConfig.class},
        (proxy, m, args) -> {
          if (m.getName().equals("getWebSocketMaxBufferSize")) {
            return 4242;
          }
          if (m.isDefault()) {
            // What a user's class that does not override it runs: the interface's default.
            return java.lang.invoke.MethodHandles.privateLookupIn(AsyncHttpClientConfig.class,
                    java.lang.invoke.MethodHandles.lookup())
                .unreflectSpecial(m, AsyncHttpClientConfig.class).bindTo(proxy).invokeWithArguments(args == null ? new Object[0] : args);
          }
          return m.invoke(built, args);
        });
    assertEquals(4242, custom.getWebSocketMaxDecompressedFrameSize());
    assertEquals(268_435_456L, custom.getMaxDecompressedResponseSize());
  }

  @Test
  void requestsHaveTheThreeNullableOverridesAndTheBuilderBothOverloads() throws Exception {
    for (String name : List.of("getUseAbsoluteRequestDeadline", "getRefuseSchemeDowngradeOnRedirect",
        "getRefuseCrossOriginBodyOnRedirect")) {
      Method m = method(Request.class, name);
      assertTrue(m.isDefault(), m.toString());
      assertEquals(Boolean.class, m.getReturnType());
    }
    Class<?> b = RequestBuilderBase.class;
    // 3.0.14's primitive overload (what code compiled against it calls) beside ours, which takes null.
    assertPublic(method(b, "setUseAbsoluteRequestDeadline", boolean.class));
    assertPublic(method(b, "setUseAbsoluteRequestDeadline", Boolean.class));
    assertPublic(method(b, "setRefuseSchemeDowngradeOnRedirect", boolean.class));
    assertPublic(method(b, "setRefuseCrossOriginBodyOnRedirect", boolean.class));
    for (String name : List.of("useAbsoluteRequestDeadline", "refuseSchemeDowngradeOnRedirect",
        "refuseCrossOriginBodyOnRedirect")) {
      Field f = b.getDeclaredField(name);
      assertTrue(Modifier.isProtected(f.getModifiers()), f + " is protected, as in 3.0.14");
      assertEquals(Boolean.class, f.getType());
    }
    RequestBuilder rb = new RequestBuilder().setUrl("http://127.0.0.1/");
    assertNull(rb.build().getUseAbsoluteRequestDeadline());
    assertEquals(Boolean.TRUE, rb.setUseAbsoluteRequestDeadline(true).build().getUseAbsoluteRequestDeadline());
    assertEquals(Boolean.FALSE, rb.setUseAbsoluteRequestDeadline(false).build().getUseAbsoluteRequestDeadline());
    assertNull(rb.setUseAbsoluteRequestDeadline((Boolean) null).build().getUseAbsoluteRequestDeadline());
  }

  @Test
  void useAbsoluteRequestDeadlineTakesTheRequestsValueElseTheConfigs() throws Exception {
    assertPublicStatic(method(HttpUtils.class, "useAbsoluteRequestDeadline", AsyncHttpClientConfig.class, Request.class));
    AsyncHttpClientConfig off = ConfigOptions.builder().build();
    AsyncHttpClientConfig on = ConfigOptions.builder().setUseAbsoluteRequestDeadline(true).build();
    Request inherit = new RequestBuilder().setUrl("http://127.0.0.1/").build();
    Request yes = new RequestBuilder().setUrl("http://127.0.0.1/").setUseAbsoluteRequestDeadline(true).build();
    Request no = new RequestBuilder().setUrl("http://127.0.0.1/").setUseAbsoluteRequestDeadline(false).build();
    assertFalse(HttpUtils.useAbsoluteRequestDeadline(off, inherit));
    assertTrue(HttpUtils.useAbsoluteRequestDeadline(on, inherit));
    assertTrue(HttpUtils.useAbsoluteRequestDeadline(off, yes));
    assertFalse(HttpUtils.useAbsoluteRequestDeadline(on, no));
  }

  private static Response.ResponseBuilder withStatus() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(new NettyResponseStatus(Uri.create("http://127.0.0.1/"),
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK), null));
    builder.accumulate(new DefaultHttpHeaders());
    return builder;
  }

  @Test
  void theBytesViewIsTheSinglePartsOwnArrayAndASharedEmptyOneWithoutABody() throws Exception {
    Method view = method(Response.class, "getResponseBodyAsBytesView");
    assertTrue(view.isDefault());
    assertEquals(byte[].class, view.getReturnType());

    EagerResponseBodyPart part = new EagerResponseBodyPart(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}), true);
    Response.ResponseBuilder one = withStatus();
    one.accumulate(part);
    Response response = one.build();
    assertSame(part.getBodyPartBytes(), response.getResponseBodyAsBytesView(), "no copy");
    assertNotSame(response.getResponseBodyAsBytesView(), response.getResponseBodyAsBytes(), "the copy stays a copy");
    assertArrayEquals(new byte[] {1, 2, 3}, response.getResponseBodyAsBytes());

    Response empty = withStatus().build();
    Response otherEmpty = withStatus().build();
    assertEquals(0, empty.getResponseBodyAsBytesView().length);
    assertSame(empty.getResponseBodyAsBytesView(), otherEmpty.getResponseBodyAsBytesView(), "one shared empty array");
  }

  @Test
  void aUsersOwnResponseGetsItsCopyAsTheView() {
    byte[] copy = {9};
    Response custom = (Response) Proxy.newProxyInstance(Response.class.getClassLoader(),
        new Class<?>[] {Response.class}, (proxy, m, args) -> {
          if (m.getName().equals("getResponseBodyAsBytes")) {
            return copy;
          }
          if (m.isDefault()) {
            return java.lang.invoke.MethodHandles.privateLookupIn(Response.class, java.lang.invoke.MethodHandles.lookup())
                .unreflectSpecial(m, Response.class).bindTo(proxy).invokeWithArguments();
          }
          throw new UnsupportedOperationException(m.getName());
        });
    assertSame(copy, custom.getResponseBodyAsBytesView());
  }

  private static String h(String input) throws Exception {
    return MessageDigestUtils.bytesToHex(MessageDigest.getInstance("MD5").digest(input.getBytes(ISO_8859_1)));
  }

  @Test
  void theExpectedRspauthIsComputedFromTheCredentialsSent() throws Exception {
    assertPublicStatic(method(AuthenticatorUtils.class, "computeExpectedRspAuth", Realm.class, String.class));
    // 3.0.11's computeRspAuth(Realm), which 3.0.13 removed, stays for code written against 3.0.11.
    assertPublicStatic(method(AuthenticatorUtils.class, "computeRspAuth", Realm.class));
    // The realm gives user, password and charset; its own nonce, cnonce and uri are stale.
    Realm realm = Dsl.digestAuthRealm("Mufasa", "Circle of Life").setRealmName("stale")
        .setNonce("stale").setUri(Uri.create("http://127.0.0.1/old")).build();
    String sent = "Digest username=\"Mufasa\", realm=\"r\", nonce=\"n\", uri=\"/dir/index.html\","
        + " response=\"x\", qop=auth, nc=00000001, cnonce=\"c\"";
    String ha1 = h("Mufasa:r:Circle of Life");
    String ha2 = h(":/dir/index.html");
    assertEquals(h(ha1 + ":n:00000001:c:auth:" + ha2), AuthenticatorUtils.computeExpectedRspAuth(realm, sent));
    // Without qop (RFC 2069): H(HA1:nonce:HA2).
    assertEquals(h(ha1 + ":n:" + ha2), AuthenticatorUtils.computeExpectedRspAuth(realm,
        "Digest username=\"Mufasa\", realm=\"r\", nonce=\"n\", uri=\"/dir/index.html\", response=\"x\""));
    // -sess: HA1 = H(H(user:realm:password):nonce:cnonce).
    String sess = h(h("Mufasa:r:Circle of Life") + ":n:c");
    assertEquals(h(sess + ":n:00000001:c:auth:" + ha2), AuthenticatorUtils.computeExpectedRspAuth(realm,
        sent + ", algorithm=MD5-sess"));
    // Cannot be known: null, not a wrong value.
    assertNull(AuthenticatorUtils.computeExpectedRspAuth(realm, "Basic dXNlcjpwYXNz"));
    assertNull(AuthenticatorUtils.computeExpectedRspAuth(realm, "Digest username=\"Mufasa\", uri=\"/\""));
    assertNull(AuthenticatorUtils.computeExpectedRspAuth(realm, "Digest nonce=\"n\", uri=\"/\", qop=auth"));
    assertNull(AuthenticatorUtils.computeExpectedRspAuth(realm, sent.replace("qop=auth", "qop=auth-int")));
    assertNull(AuthenticatorUtils.computeExpectedRspAuth(realm, sent + ", algorithm=SHA-1"));
  }

  @Test
  void theOtherAdditionsExist() throws Exception {
    assertEquals("QUERY", org.asynchttpclient.util.HttpConstants.Methods.QUERY);
    Class<?> refused = org.asynchttpclient.handler.RedirectRefusedException.class;
    assertEquals(Exception.class, refused.getSuperclass(), "checked, not an IOException");
    for (String getter : List.of("getReason", "getStatusCode", "getSourceUri", "getTargetUri")) {
      assertPublic(method(refused, getter));
    }
  }
}
