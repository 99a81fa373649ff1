package org.asynchttpclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.junit.jupiter.api.Test;

/**
 * The two redirect refusals (refuseSchemeDowngradeOnRedirect, refuseCrossOriginBodyOnRedirect)
 * through the builder, system properties, a copy, and a 3.0.11-style custom implementation; and
 * their per-request fields on the request builder. What a refusal does is in {@code
 * org.asynchttpclient.engine.RedirectRefusalTest}.
 */
class RedirectRefusalConfigTest {

  private static final String DOWNGRADE_KEY = "org.asynchttpclient.refuseSchemeDowngradeOnRedirect";
  private static final String BODY_KEY = "org.asynchttpclient.refuseCrossOriginBodyOnRedirect";

  @Test
  void bothAreOffByDefault() {
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
    assertFalse(config.isRefuseSchemeDowngradeOnRedirect());
    assertFalse(config.isRefuseCrossOriginBodyOnRedirect());
    assertFalse(AsyncHttpClientConfigDefaults.defaultRefuseSchemeDowngradeOnRedirect());
    assertFalse(AsyncHttpClientConfigDefaults.defaultRefuseCrossOriginBodyOnRedirect());
  }

  @Test
  void theBuilderSetsEachOnItsOwn() {
    DefaultAsyncHttpClientConfig downgrade =
        ConfigOptions.builder().setRefuseSchemeDowngradeOnRedirect(true).build();
    assertTrue(downgrade.isRefuseSchemeDowngradeOnRedirect());
    assertFalse(downgrade.isRefuseCrossOriginBodyOnRedirect());

    DefaultAsyncHttpClientConfig body =
        ConfigOptions.builder().setRefuseCrossOriginBodyOnRedirect(true).build();
    assertFalse(body.isRefuseSchemeDowngradeOnRedirect());
    assertTrue(body.isRefuseCrossOriginBodyOnRedirect());
  }

  @Test
  void systemPropertiesReachDefaultsBuiltConfigsAndCustomImplementations() {
    AsyncHttpClientConfig custom = new DelegatingUserConfig(ConfigOptions.builder()
        .setRefuseSchemeDowngradeOnRedirect(true).setRefuseCrossOriginBodyOnRedirect(true).build());
    // The delegate's values do not leak: the custom class does not implement the new methods.
    assertFalse(custom.isRefuseSchemeDowngradeOnRedirect());
    assertFalse(custom.isRefuseCrossOriginBodyOnRedirect());
    System.setProperty(DOWNGRADE_KEY, "true");
    System.setProperty(BODY_KEY, "TRUE");
    try {
      assertTrue(AsyncHttpClientConfigDefaults.defaultRefuseSchemeDowngradeOnRedirect());
      assertTrue(AsyncHttpClientConfigDefaults.defaultRefuseCrossOriginBodyOnRedirect());
      DefaultAsyncHttpClientConfig config = ConfigOptions.builder().build();
      assertTrue(config.isRefuseSchemeDowngradeOnRedirect());
      assertTrue(config.isRefuseCrossOriginBodyOnRedirect());
      assertTrue(custom.isRefuseSchemeDowngradeOnRedirect(), "a 3.0.11-style implementation falls back to the property");
      assertTrue(custom.isRefuseCrossOriginBodyOnRedirect(), "a 3.0.11-style implementation falls back to the property");
      DefaultAsyncHttpClientConfig overridden = ConfigOptions.builder()
          .setRefuseSchemeDowngradeOnRedirect(false).setRefuseCrossOriginBodyOnRedirect(false).build();
      assertFalse(overridden.isRefuseSchemeDowngradeOnRedirect(), "the builder wins over the property");
      assertFalse(overridden.isRefuseCrossOriginBodyOnRedirect(), "the builder wins over the property");
    } finally {
      System.clearProperty(DOWNGRADE_KEY);
      System.clearProperty(BODY_KEY);
    }
    assertFalse(custom.isRefuseSchemeDowngradeOnRedirect());
  }

  @Test
  void aCopyKeepsBoth() {
    DefaultAsyncHttpClientConfig original = ConfigOptions.builder()
        .setRefuseSchemeDowngradeOnRedirect(true).setRefuseCrossOriginBodyOnRedirect(true).build();
    DefaultAsyncHttpClientConfig copy = new DefaultAsyncHttpClientConfig.Builder(original).build();
    assertTrue(copy.isRefuseSchemeDowngradeOnRedirect());
    assertTrue(copy.isRefuseCrossOriginBodyOnRedirect());
  }

  @Test
  void aRequestHasNoSettingOfItsOwnUntilOneIsSetAndItsCopiesKeepIt() {
    Request plain = new RequestBuilder("GET").setUrl("http://127.0.0.1/").build();
    assertNull(plain.getRefuseSchemeDowngradeOnRedirect(), "null: the client's setting applies");
    assertNull(plain.getRefuseCrossOriginBodyOnRedirect(), "null: the client's setting applies");

    Request strict = new RequestBuilder("PUT").setUrl("http://127.0.0.1/")
        .setRefuseSchemeDowngradeOnRedirect(true).setRefuseCrossOriginBodyOnRedirect(false).build();
    assertEquals(true, strict.getRefuseSchemeDowngradeOnRedirect());
    assertEquals(false, strict.getRefuseCrossOriginBodyOnRedirect());
    // Through the prototype constructor, and through a builder with a signature calculator (which
    // copies the builder's state before signing).
    Request copy = new RequestBuilder(strict).build();
    assertEquals(true, copy.getRefuseSchemeDowngradeOnRedirect());
    assertEquals(false, copy.getRefuseCrossOriginBodyOnRedirect());
    Request signed = new RequestBuilder(strict).setSignatureCalculator((request, builder) -> {}).build();
    assertEquals(true, signed.getRefuseSchemeDowngradeOnRedirect());
    assertEquals(false, signed.getRefuseCrossOriginBodyOnRedirect());
  }
}
