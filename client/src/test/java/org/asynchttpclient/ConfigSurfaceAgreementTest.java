package org.asynchttpclient;

import static org.asynchttpclient.ConfigOptions.ROOT;
import static org.asynchttpclient.ConfigOptions.describe;
import static org.asynchttpclient.ConfigOptions.invoke;
import static org.asynchttpclient.ConfigOptions.sameValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.asynchttpclient.ConfigOptions.Option;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.config.ConfigOption;
import org.asynchttpclient.config.ConfigTable;
import org.junit.jupiter.api.Test;

/**
 * Proves that every option is declared consistently everywhere it must appear: the key in
 * {@code ahc-default.properties}, its row in {@link ConfigTable}, its constant, its
 * {@code defaultX()}, the getter, the builder setter, and that the values flow from properties to
 * a built config.
 */
class ConfigSurfaceAgreementTest {

  @Test
  void everyKeyOfTheDefaultsFileHasAConstantAndADefaultMethod() {
    Set<String> constants = ConfigOptions.constantValues();
    List<String> problems = new ArrayList<>();
    for (String name : ConfigOptions.fileOptionNames()) {
      if (ConfigOptions.KEYS_WITHOUT_OPTION.contains(name)) {
        continue;
      }
      if (!constants.contains(name)) {
        problems.add(name + ": no constant in AsyncHttpClientConfigDefaults");
      }
      if (ConfigOptions.defaultMethod(name) == null) {
        problems.add(name + ": no default" + ConfigOptions.capitalize(name) + "()");
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void everyConstantAndDefaultMethodHasAKeyInTheDefaultsFile() {
    Set<String> inFile = ConfigOptions.fileOptionNames();
    Set<String> missing = new TreeSet<>(ConfigOptions.constantValues());
    missing.addAll(ConfigOptions.defaultMethodNames());
    missing.removeAll(inFile);
    missing.removeAll(ConfigOptions.DEPRECATED_ALIASES.keySet());
    assertEquals(Set.of(), missing, "options without a key in ahc-default.properties");
  }

  @Test
  void aDeprecatedAliasHasNoKeyOfItsOwnAndReadsItsOption() {
    for (var alias : ConfigOptions.DEPRECATED_ALIASES.entrySet()) {
      assertTrue(!ConfigOptions.fileOptionNames().contains(alias.getKey()), alias.getKey() + ": one name per option");
      assertTrue(ConfigOptions.fileOptionNames().contains(alias.getValue()), alias.getValue());
      assertTrue(ConfigOptions.constantValues().contains(alias.getKey()), alias.getKey() + ": constant kept");
      Method def = ConfigOptions.defaultMethod(alias.getKey());
      assertNotNull(def, alias.getKey() + ": defaultX() kept");
      assertTrue(def.isAnnotationPresent(Deprecated.class), def + " is @Deprecated");
      Method getter = ConfigOptions.getter(alias.getKey());
      assertNotNull(getter);
      assertTrue(getter.isAnnotationPresent(Deprecated.class), getter + " is @Deprecated");
      Method setter = ConfigOptions.setter(alias.getKey());
      assertNotNull(setter);
      assertTrue(setter.isAnnotationPresent(Deprecated.class), setter + " is @Deprecated");
      // Setting the option through the alias's setter is seen by the option's getter, and back.
      Method optionGetter = ConfigOptions.getter(alias.getValue());
      assertNotNull(optionGetter);
      DefaultAsyncHttpClientConfig.Builder b = ConfigOptions.builder();
      invoke(setter, b, 12_345L);
      assertEquals(12_345L, invoke(optionGetter, b.build()));
      invoke(ConfigOptions.setter(alias.getValue()), b, 54_321L);
      assertEquals(54_321L, invoke(getter, b.build()));
    }
  }

  @Test
  void theOnlyKeyWithoutAnOptionIsTheOne3011AlsoIgnored() {
    Set<String> orphans = new TreeSet<>(ConfigOptions.fileOptionNames());
    orphans.removeAll(ConfigOptions.constantValues());
    assertEquals(ConfigOptions.KEYS_WITHOUT_OPTION, orphans);
  }

  @Test
  void theTableHasARowForEveryKeyOfTheDefaultsFileAndNoOther() {
    Set<String> expected = new TreeSet<>(ConfigOptions.fileOptionNames());
    expected.removeAll(ConfigOptions.KEYS_WITHOUT_OPTION);
    Set<String> rows = new TreeSet<>();
    for (ConfigOption<?> option : ConfigTable.ALL) {
      assertTrue(rows.add(option.name()), option + ": two rows");
      assertEquals(ROOT + option.name(), option.key());
    }
    assertEquals(expected, rows);
  }

  @Test
  void everyDefaultMethodReturnsItsRowsDefault() {
    List<String> problems = new ArrayList<>();
    for (ConfigOption<?> option : ConfigTable.ALL) {
      Method def = ConfigOptions.defaultMethod(option.name());
      if (def == null) {
        problems.add(option + ": no default" + ConfigOptions.capitalize(option.name()) + "()");
        continue;
      }
      // Parses the shipped value: a malformed default fails here, naming its key.
      Object fromRow = option.defaultValue();
      Object fromMethod = ConfigOptions.invokeStatic(def);
      if (!sameValue(fromRow, fromMethod)) {
        problems.add(option + ": " + def.getName() + "() " + describe(fromMethod) + ", row "
            + describe(fromRow));
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void everyDefaultMethodHasAGetterOfTheSameTypeAndABuilderSetter() {
    List<String> problems = new ArrayList<>();
    for (String name : ConfigOptions.defaultMethodNames()) {
      Method def = ConfigOptions.defaultMethod(name);
      assertNotNull(def);
      Method setter = ConfigOptions.setter(name);
      if (setter == null) {
        problems.add(name + ": no Builder setter");
      } else if (!compatible(def.getReturnType(), setter.getParameterTypes()[0])) {
        problems.add(name + ": setter takes " + setter.getParameterTypes()[0].getSimpleName()
            + ", default is " + def.getReturnType().getSimpleName());
      }
      if (ConfigOptions.WITHOUT_GETTER.contains(name)) {
        continue;
      }
      Method getter = ConfigOptions.getter(name);
      if (getter == null) {
        problems.add(name + ": no getter on AsyncHttpClientConfig");
      } else if (!compatible(def.getReturnType(), getter.getReturnType())) {
        problems.add(name + ": getter returns " + getter.getReturnType().getSimpleName()
            + ", default is " + def.getReturnType().getSimpleName());
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void aFreshConfigHoldsTheDefaultValues() {
    AsyncHttpClientConfig config = ConfigOptions.builder().build();
    List<String> problems = new ArrayList<>();
    for (Option option : ConfigOptions.all()) {
      if (option.getter == null) {
        continue;
      }
      Object expected = option.defaultValue();
      Object actual = invoke(option.getter, config);
      if (!sameValue(expected, actual)) {
        problems.add(option + ": config " + describe(actual) + ", default " + describe(expected));
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void theDefaultsMatchTheDocumentedValues() {
    assertEquals("AsyncHttpClient", AsyncHttpClientConfigDefaults.defaultThreadPoolName());
    assertEquals(-1, AsyncHttpClientConfigDefaults.defaultMaxConnections());
    assertEquals("PT5S", AsyncHttpClientConfigDefaults.defaultConnectTimeout().toString());
    assertEquals("PT1M", AsyncHttpClientConfigDefaults.defaultRequestTimeout().toString());
    assertEquals("PT1M", AsyncHttpClientConfigDefaults.defaultReadTimeout().toString());
    assertEquals(-1, AsyncHttpClientConfigDefaults.defaultConnectionTtl().toMillis());
    assertEquals("PT0.1S", AsyncHttpClientConfigDefaults.defaultConnectionPoolCleanerPeriod().toString());
    assertEquals(List.of("TLSv1.3", "TLSv1.2"),
        List.of(AsyncHttpClientConfigDefaults.defaultEnabledProtocols()));
    assertEquals(null, AsyncHttpClientConfigDefaults.defaultEnabledCipherSuites());
    assertEquals(268_435_456L, AsyncHttpClientConfigDefaults.defaultHttp2MaxDecompressedResponseSize());
    assertEquals(268_435_456L, AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize());
    assertEquals(128_000_000, AsyncHttpClientConfigDefaults.defaultWebSocketMaxDecompressedFrameSize());
    assertEquals(false, AsyncHttpClientConfigDefaults.defaultEnableWebSocketCompression());
    assertEquals(false, AsyncHttpClientConfigDefaults.defaultUseEventLoopTimeouts());
    assertEquals(false, AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline());
  }

  @Test
  void aSystemPropertyChangesEveryDefaultAndTheBuiltConfig() {
    List<String> problems = new ArrayList<>();
    for (Option option : ConfigOptions.all()) {
      Object original = option.defaultValue();
      Object other = ConfigOptions.otherValidValue(option.defaultMethod.getReturnType(), original);
      String key = ROOT + option.name;
      System.setProperty(key, ConfigOptions.asProperty(other));
      try {
        Object overridden = option.defaultValue();
        if (!sameValue(other, overridden)) {
          problems.add(key + ": default" + " is " + describe(overridden) + ", not " + describe(other));
        }
        if (option.getter != null) {
          Object inConfig = invoke(option.getter, ConfigOptions.builder().build());
          if (!sameValue(other, inConfig)) {
            problems.add(key + ": built config has " + describe(inConfig) + ", not " + describe(other));
          }
        }
      } finally {
        System.clearProperty(key);
      }
      assertTrue(sameValue(original, option.defaultValue()), key + " restored");
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void everySetterReachesItsGetter() {
    List<String> problems = new ArrayList<>();
    for (Option option : ConfigOptions.all()) {
      if (option.getter == null) {
        continue;
      }
      Class<?> type = option.setter.getParameterTypes()[0];
      Object value = ConfigOptions.otherValidValue(type, option.defaultValue());
      DefaultAsyncHttpClientConfig.Builder builder = ConfigOptions.builder();
      invoke(option.setter, builder, value);
      Object actual = invoke(option.getter, builder.build());
      if (!sameValue(value, actual)) {
        problems.add(option + ": set " + describe(value) + ", got " + describe(actual));
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void every3011DefaultIsAcceptedByItsSetter() {
    DefaultAsyncHttpClientConfig.Builder builder = ConfigOptions.builder();
    for (Option option : ConfigOptions.all()) {
      // Throws (and fails the test) if a setter refused a value that 3.0.11 ships as default.
      invoke(option.setter, builder, option.defaultValue());
    }
    assertEquals(AsyncHttpClientConfigDefaults.defaultReadTimeout(), builder.build().getReadTimeout());
  }

  private static boolean compatible(Class<?> declared, Class<?> used) {
    if (declared == used) {
      return true;
    }
    // 3.0.11 widens a few: int default, long getter/setter; int default, Integer setter.
    return (declared == int.class && (used == long.class || used == Integer.class));
  }
}
