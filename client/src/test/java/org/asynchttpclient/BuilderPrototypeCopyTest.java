package org.asynchttpclient;

import static org.asynchttpclient.ConfigOptions.describe;
import static org.asynchttpclient.ConfigOptions.invoke;
import static org.asynchttpclient.ConfigOptions.sameValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.Timer;
import io.netty.util.concurrent.EventExecutor;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import javax.net.ssl.SSLException;
import org.asynchttpclient.AsyncHttpClientConfig.ResponseBodyPartFactory;
import org.asynchttpclient.ConfigOptions.Option;
import org.asynchttpclient.channel.ChannelPool;
import org.asynchttpclient.channel.KeepAliveStrategy;
import org.asynchttpclient.cookie.CookieStore;
import org.asynchttpclient.events.ExchangeListener;
import org.asynchttpclient.filter.IOExceptionFilter;
import org.asynchttpclient.filter.RequestFilter;
import org.asynchttpclient.filter.ResponseFilter;
import org.asynchttpclient.netty.channel.ConnectionSemaphoreFactory;
import org.asynchttpclient.proxy.ProxyServerSelector;
import org.asynchttpclient.testing.Stub;
import org.junit.jupiter.api.Test;

class BuilderPrototypeCopyTest {

  // A lambda, not a java.lang.reflect.Proxy: building a Proxy initializes the interface, whose
  // NO_PROXY_SELECTOR is implemented elsewhere.
  private static final ProxyServerSelector NOT_CALLED = uri -> {
    throw new UnsupportedOperationException();
  };

  /** A do-nothing instance of an interface, distinct by identity. */
  private static <T> T dummy(Class<T> type) {
    return Stub.of(type, "dummy " + type.getSimpleName(), (method, args) -> {
      throw Stub.unexpected(method);
    });
  }

  /** A builder where every option differs from its default. */
  private static DefaultAsyncHttpClientConfig.Builder everythingSet() {
    SslContext sslContext;
    try {
      sslContext = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).build();
    } catch (SSLException e) {
      throw new AssertionError(e);
    }
    DefaultAsyncHttpClientConfig.Builder builder = ConfigOptions.builder();
    for (Option option : ConfigOptions.all()) {
      Class<?> type = option.setter.getParameterTypes()[0];
      invoke(option.setter, builder, ConfigOptions.otherValidValue(type, option.defaultValue()));
    }
    return builder
        .setCookieStore(dummy(CookieStore.class))
        .setKeepAliveStrategy(dummy(KeepAliveStrategy.class))
        .setSslContext(sslContext)
        .setProxyServerSelector(NOT_CALLED)
        .setChannelPool(dummy(ChannelPool.class))
        .setConnectionSemaphoreFactory(dummy(ConnectionSemaphoreFactory.class))
        .setSslEngineFactory(dummy(SslEngineFactory.class))
        .setEventLoopGroup(dummy(EventLoopGroup.class))
        .setAllocator(dummy(ByteBufAllocator.class))
        .setNettyTimer(dummy(Timer.class))
        .setThreadFactory(dummy(ThreadFactory.class))
        .setHttpAdditionalChannelInitializer(channel -> {})
        .setWsAdditionalChannelInitializer(channel -> {})
        .setAddressResolverGroup(new AddressResolverGroup<InetSocketAddress>() {
          @Override
          protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
            throw new UnsupportedOperationException();
          }
        })
        .setResponseBodyPartFactory(ResponseBodyPartFactory.LAZY)
        .setHttp2Enabled(false)
        .setStripAuthorizationOnRedirect(true)
        .addRequestFilter(dummy(RequestFilter.class))
        .addResponseFilter(dummy(ResponseFilter.class))
        .addIOExceptionFilter(dummy(IOExceptionFilter.class))
        .addExchangeListener(new ExchangeListener() {})
        .addChannelOption(ChannelOption.SO_BACKLOG, 7);
  }

  private static List<Method> zeroArgGetters() {
    List<Method> getters = new ArrayList<>();
    for (Method m : AsyncHttpClientConfig.class.getMethods()) {
      if (m.getParameterCount() == 0 && m.getReturnType() != void.class) {
        getters.add(m);
      }
    }
    return getters;
  }

  @Test
  void everyGetterOfACopyEqualsTheOriginal() {
    DefaultAsyncHttpClientConfig original = everythingSet().build();
    DefaultAsyncHttpClientConfig copy = new DefaultAsyncHttpClientConfig.Builder(original).build();
    List<String> problems = new ArrayList<>();
    for (Method getter : zeroArgGetters()) {
      Object expected = invoke(getter, original);
      Object actual = invoke(getter, copy);
      if (!sameValue(expected, actual)) {
        problems.add(getter.getName() + ": copy " + describe(actual) + ", original " + describe(expected));
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void everythingSetReallyDiffersFromTheDefaults() {
    // Guards the test above: a copy of defaults would prove nothing.
    DefaultAsyncHttpClientConfig set = everythingSet().build();
    DefaultAsyncHttpClientConfig defaults = ConfigOptions.builder()
        .setProxyServerSelector(uri -> {
          throw new UnsupportedOperationException();
        }).build();
    List<String> same = new ArrayList<>();
    for (Method getter : zeroArgGetters()) {
      if (getter.getName().equals("getAhcVersion") || getter.getName().equals("getRealm")) {
        continue; // Not settable here: one version; Realm is built by another component.
      }
      if (sameValue(invoke(getter, set), invoke(getter, defaults))) {
        same.add(getter.getName());
      }
    }
    assertEquals(List.of(), same);
  }

  @Test
  void aCustomImplementationIsCopiedThroughItsGetters() {
    DefaultAsyncHttpClientConfig original = everythingSet().build();
    AsyncHttpClientConfig custom = new DelegatingUserConfig(original);
    DefaultAsyncHttpClientConfig copy = new DefaultAsyncHttpClientConfig.Builder(custom).build();
    assertEquals(original.getReadTimeout(), copy.getReadTimeout());
    assertSame(original.getProxyServerSelector(), copy.getProxyServerSelector());
    assertSame(original.getCookieStore(), copy.getCookieStore());
    assertEquals(original.getRequestFilters(), copy.getRequestFilters());
  }

  @Test
  void theBuiltConfigIsNotChangedByLaterBuilderCalls() {
    DefaultAsyncHttpClientConfig.Builder builder = ConfigOptions.builder();
    String[] protocols = {"TLSv1.3"};
    builder.setEnabledProtocols(protocols);
    RequestFilter filter = dummy(RequestFilter.class);
    builder.addRequestFilter(filter);
    DefaultAsyncHttpClientConfig config = builder.build();

    protocols[0] = "changed";
    builder.setMaxRedirects(1).addRequestFilter(dummy(RequestFilter.class))
        .addChannelOption(ChannelOption.SO_BACKLOG, 1);
    Objects.requireNonNull(config.getEnabledProtocols())[0] = "changed too";

    assertEquals(List.of("TLSv1.3"), List.of(Objects.requireNonNull(config.getEnabledProtocols())));
    assertEquals(List.of(filter), config.getRequestFilters());
    assertEquals(Map.of(), config.getChannelOptions());
    assertEquals(5, config.getMaxRedirects());
    assertThrows(UnsupportedOperationException.class,
        () -> config.getRequestFilters().add(dummy(RequestFilter.class)));
  }

  @Test
  void removeFilterTakesItOut() {
    RequestFilter kept = dummy(RequestFilter.class);
    RequestFilter removed = dummy(RequestFilter.class);
    DefaultAsyncHttpClientConfig config = ConfigOptions.builder()
        .addRequestFilter(kept).addRequestFilter(removed).removeRequestFilter(removed).build();
    assertEquals(List.of(kept), config.getRequestFilters());
  }

  @Test
  void cookieStoreNullDisablesCookies() {
    assertNull(ConfigOptions.builder().setCookieStore(null).build().getCookieStore());
  }
}
