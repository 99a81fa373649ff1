package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.AsciiString;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.cookie.ThreadSafeCookieStore;
import org.asynchttpclient.netty.channel.ConnectionSemaphore;
import org.asynchttpclient.request.body.multipart.part.MultipartPart;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.HttpUtils;
import org.asynchttpclient.util.SensitiveLoggingUtils;
import org.junit.jupiter.api.Test;

/**
 * Every public member AHC 3.0.12 added or changed (release commit b4c8f5a64 against tag 3.0.11,
 * read from its source) exists here with its signature, its modifiers and its default, so that a
 * user's code written against 3.0.12 compiles and behaves the same. The behaviours behind them have
 * tests of their own; this one checks the surface only.
 */
class Upstream3012ApiTest {

  private static Method method(Class<?> type, String name, Class<?>... params) throws Exception {
    return type.getDeclaredMethod(name, params);
  }

  private static void assertPublic(Method m) {
    assertTrue(Modifier.isPublic(m.getModifiers()), m + " is public");
  }

  @Test
  void loadBalanceIsAnEnumOfTwoConstants() {
    assertTrue(LoadBalance.class.isEnum());
    assertEquals(List.of("DEFAULT", "ROUND_ROBIN"), Arrays.stream(LoadBalance.values()).map(Enum::name).collect(Collectors.toList()));
  }

  @Test
  void theConfigInterfaceHasTheNewDefaultMethods() throws Exception {
    Method loadBalance = method(AsyncHttpClientConfig.class, "getLoadBalance");
    Method cooldown = method(AsyncHttpClientConfig.class, "isFailedIpCooldownEnabled");
    Method period = method(AsyncHttpClientConfig.class, "getFailedIpCooldownPeriod");
    assertEquals(LoadBalance.class, loadBalance.getReturnType());
    assertEquals(boolean.class, cooldown.getReturnType());
    assertEquals(Duration.class, period.getReturnType());
    for (Method m : List.of(loadBalance, cooldown, period)) {
      assertTrue(m.isDefault(), m + " is a default method: a user's own config still compiles");
    }
  }

  @Test
  void theBuilderHasTheNewSettersReturningItself() throws Exception {
    Class<?> b = DefaultAsyncHttpClientConfig.Builder.class;
    for (Method m :
        List.of(
            method(b, "setLoadBalance", LoadBalance.class),
            method(b, "setFailedIpCooldownEnabled", boolean.class),
            method(b, "setFailedIpCooldownPeriod", Duration.class))) {
      assertPublic(m);
      assertEquals(b, m.getReturnType(), m.toString());
    }
    for (String getter : List.of("getLoadBalance", "isFailedIpCooldownEnabled", "getFailedIpCooldownPeriod")) {
      assertPublic(method(DefaultAsyncHttpClientConfig.class, getter));
    }
  }

  @Test
  void theDefaultsClassHasTheNewKeysAndMethods() throws Exception {
    assertEquals("loadBalance", AsyncHttpClientConfigDefaults.LOAD_BALANCE_CONFIG);
    assertEquals("failedIpCooldownEnabled", AsyncHttpClientConfigDefaults.FAILED_IP_COOLDOWN_ENABLED_CONFIG);
    assertEquals("failedIpCooldownPeriod", AsyncHttpClientConfigDefaults.FAILED_IP_COOLDOWN_PERIOD_CONFIG);
    for (String name : List.of("defaultLoadBalance", "defaultFailedIpCooldownEnabled", "defaultFailedIpCooldownPeriod")) {
      Method m = method(AsyncHttpClientConfigDefaults.class, name);
      assertTrue(Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers()), m.toString());
    }
  }

  @Test
  void theDefaultsAre3012s() {
    AsyncHttpClientConfig config = new DefaultAsyncHttpClientConfig.Builder().build();
    assertEquals(LoadBalance.DEFAULT, config.getLoadBalance());
    assertTrue(config.isFailedIpCooldownEnabled());
    assertEquals(Duration.ofSeconds(10), config.getFailedIpCooldownPeriod());
    assertEquals(16_777_216, config.getHttp2InitialWindowSize());
  }

  @Test
  void theUtilityAdditionsExist() throws Exception {
    Field hpack = HttpUtils.class.getDeclaredField("GZIP_DEFLATE_HPACK");
    assertTrue(Modifier.isStatic(hpack.getModifiers()) && Modifier.isPublic(hpack.getModifiers()));
    assertEquals(AsciiString.class, hpack.getType());
    assertEquals("gzip, deflate", HttpUtils.GZIP_DEFLATE_HPACK.toString());

    assertEquals("<redacted>", SensitiveLoggingUtils.REDACTED);
    Method sensitive = method(SensitiveLoggingUtils.class, "isSensitiveHeader", CharSequence.class);
    assertTrue(Modifier.isStatic(sensitive.getModifiers()) && Modifier.isPublic(sensitive.getModifiers()));
    assertTrue(Modifier.isFinal(SensitiveLoggingUtils.class.getModifiers()));

    Method withoutUserInfo = method(Uri.class, "toUrlWithoutUserInfo");
    assertPublic(withoutUserInfo);
    assertEquals(String.class, withoutUserInfo.getReturnType());

    Method nonBlocking = method(ConnectionSemaphore.class, "acquireChannelLock", Object.class, boolean.class);
    assertTrue(nonBlocking.isDefault(), "a 3.0.11 implementation still compiles");

    for (String name : List.of("escapeQuotedString", "asciiHeaderBytes")) {
      Method m = method(MultipartPart.class, name, String.class);
      assertTrue(Modifier.isProtected(m.getModifiers()) && Modifier.isStatic(m.getModifiers()), m.toString());
    }
  }

  @Test
  void realmHasTheBasicHeaderMemoisedPerInstance() throws Exception {
    Method basic = method(Realm.class, "getBasicAuthHeader");
    assertPublic(basic);
    assertEquals(String.class, basic.getReturnType());
    Realm realm = new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.DIGEST).build();
    assertEquals("Basic dXNlcjpwYXNz", realm.getBasicAuthHeader(), "whatever the realm's scheme");
    assertTrue(realm.getBasicAuthHeader() == realm.getBasicAuthHeader(), "computed once per realm");
  }

  @Test
  void theCookieCapPerDomainIs3012s() throws Exception {
    Field cap = ThreadSafeCookieStore.class.getDeclaredField("MAX_COOKIES_PER_DOMAIN");
    cap.setAccessible(true);
    assertEquals(200, cap.getInt(null));
  }
}
