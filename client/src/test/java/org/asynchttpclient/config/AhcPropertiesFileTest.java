package org.asynchttpclient.config;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code ahc.properties} on the classpath, end to end. The library is loaded afresh in its own
 * class loader whose classpath starts with a directory holding the file, so no other test sees it.
 */
class AhcPropertiesFileTest {

  @Test
  void aCustomPropertiesFileTurnsTheFlagsOn(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("org/asynchttpclient/config/ahc.properties");
    Files.createDirectories(file.getParent());
    Files.write(file, String.join("\n",
        "org.asynchttpclient.useAbsoluteRequestDeadline=true",
        "org.asynchttpclient.useEventLoopTimeouts=true",
        "org.asynchttpclient.maxRedirects=9",
        "").getBytes(ISO_8859_1));

    try (URLClassLoader loader = isolatedLoader(dir)) {
      Class<?> defaults = loader.loadClass(AsyncHttpClientConfigDefaults.class.getName());
      assertEquals(true, defaults.getMethod("defaultUseAbsoluteRequestDeadline").invoke(null));
      assertEquals(true, defaults.getMethod("defaultUseEventLoopTimeouts").invoke(null));
      assertEquals(9, defaults.getMethod("defaultMaxRedirects").invoke(null));
      // Keys the custom file does not set still come from the shipped defaults.
      assertEquals(-1, defaults.getMethod("defaultMaxConnections").invoke(null));

      Object config = buildConfig(loader);
      assertEquals(true, config.getClass().getMethod("isUseAbsoluteRequestDeadline").invoke(config));
      assertEquals(true, config.getClass().getMethod("isUseEventLoopTimeouts").invoke(config));
    }
  }

  private static Object buildConfig(ClassLoader loader) throws Exception {
    Class<?> builderClass =
        loader.loadClass("org.asynchttpclient.DefaultAsyncHttpClientConfig$Builder");
    Class<?> strategyClass = loader.loadClass("org.asynchttpclient.channel.KeepAliveStrategy");
    Class<?> cookieStoreClass = loader.loadClass("org.asynchttpclient.cookie.CookieStore");
    Object strategy = Proxy.newProxyInstance(loader, new Class<?>[] {strategyClass},
        (proxy, method, args) -> {
          throw new UnsupportedOperationException(method.getName());
        });
    Object builder = builderClass.getConstructor().newInstance();
    builderClass.getMethod("setKeepAliveStrategy", strategyClass).invoke(builder, strategy);
    builderClass.getMethod("setCookieStore", cookieStoreClass).invoke(builder, (Object) null);
    Method build = builderClass.getMethod("build");
    return build.invoke(builder);
  }

  /** The test classpath with {@code first} in front, sharing nothing with this loader but the JDK. */
  private static URLClassLoader isolatedLoader(Path first) throws IOException {
    List<URL> urls = new ArrayList<>();
    urls.add(first.toUri().toURL());
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator, -1)) {
      if (!entry.isEmpty()) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }
}
