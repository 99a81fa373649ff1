package org.asynchttpclient.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Closeable;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** MiscUtils, Assertions, ThrowableUtil, DateUtils, StringBuilderPool and HttpConstants, as 3.0.11's. */
class SmallHelpersTest {

  @Test
  void emptinessTreatsNullAsEmpty() {
    assertTrue(MiscUtils.isEmpty((String) null));
    assertTrue(MiscUtils.isEmpty(""));
    assertFalse(MiscUtils.isNonEmpty((String) null));
    assertTrue(MiscUtils.isNonEmpty("x"));
    assertFalse(MiscUtils.isNonEmpty((Object[]) null));
    assertFalse(MiscUtils.isNonEmpty(new Object[0]));
    assertTrue(MiscUtils.isNonEmpty(new Object[] {null}));
    assertFalse(MiscUtils.isNonEmpty((byte[]) null));
    assertTrue(MiscUtils.isNonEmpty(new byte[1]));
    assertFalse(MiscUtils.isNonEmpty((List<?>) null));
    assertFalse(MiscUtils.isNonEmpty(Collections.emptyList()));
    assertTrue(MiscUtils.isNonEmpty(List.of(1)));
    assertFalse(MiscUtils.isNonEmpty((Map<?, ?>) null));
    assertTrue(MiscUtils.isNonEmpty(Map.of(1, 2)));
  }

  @Test
  void withDefaultAndCloseSilently() throws Exception {
    assertEquals("d", MiscUtils.withDefault(null, "d"));
    assertEquals("v", MiscUtils.withDefault("v", "d"));
    AtomicInteger closed = new AtomicInteger();
    Closeable failing =
        () -> {
          closed.incrementAndGet();
          throw new IOException("ignored");
        };
    MiscUtils.closeSilently(failing);
    MiscUtils.closeSilently(null);
    assertEquals(1, closed.get());
  }

  @Test
  void getCauseReturnsTheInnermost() {
    IOException root = new IOException("c");
    assertSame(root, MiscUtils.getCause(new RuntimeException("a", new IllegalStateException("b", root))));
    assertSame(root, MiscUtils.getCause(root));
  }

  @Test
  void getCauseOfALoopingChainEnds() {
    Exception a = new Exception("a");
    Exception b = new Exception("b", a);
    a.initCause(b);
    Throwable found = MiscUtils.getCause(new RuntimeException("top", a));
    assertTrue(found == a || found == b, String.valueOf(found));
  }

  @Test
  void assertNotEmptyNamesTheArgument() {
    assertEquals("v", Assertions.assertNotEmpty("v", "name"));
    NullPointerException npe = assertThrows(NullPointerException.class, () -> Assertions.assertNotEmpty(null, "name"));
    assertTrue(npe.getMessage().startsWith("name: "), npe.getMessage());
    IllegalArgumentException iae = assertThrows(IllegalArgumentException.class, () -> Assertions.assertNotEmpty("", "name"));
    assertTrue(iae.getMessage().startsWith("name: "), iae.getMessage());
  }

  @Test
  void unknownStackTraceLeavesOneFrame() {
    Exception e = ThrowableUtil.unknownStackTrace(new Exception("x"), SmallHelpersTest.class, "m");
    assertEquals(1, e.getStackTrace().length);
    StackTraceElement frame = e.getStackTrace()[0];
    assertEquals(SmallHelpersTest.class.getName(), frame.getClassName());
    assertEquals("m", frame.getMethodName());
    assertEquals(-1, frame.getLineNumber());
  }

  @Test
  void unpreciseTimeIsTheWallClock() {
    long before = System.currentTimeMillis();
    long now = DateUtils.unpreciseMillisTime();
    assertTrue(now >= before && now <= System.currentTimeMillis());
  }

  @Test
  void stringBuilderPoolHandsEachThreadOneEmptiedBuilder() throws Exception {
    StringBuilder sb = StringBuilderPool.DEFAULT.stringBuilder().append("junk");
    StringBuilder again = StringBuilderPool.DEFAULT.stringBuilder();
    assertSame(sb, again);
    assertEquals(0, again.length());
    StringBuilder other =
        CompletableFuture.supplyAsync(StringBuilderPool.DEFAULT::stringBuilder).get(10, TimeUnit.SECONDS);
    assertNotSame(sb, other);
    assertNotSame(sb, new StringBuilderPool().stringBuilder());
  }

  @Test
  void constantsHaveNettysValues() {
    assertEquals("CONNECT", HttpConstants.Methods.CONNECT);
    assertEquals("PATCH", HttpConstants.Methods.PATCH);
    assertEquals("TRACE", HttpConstants.Methods.TRACE);
    assertEquals("QUERY", HttpConstants.Methods.QUERY);
    assertEquals(100, HttpConstants.ResponseStatusCodes.CONTINUE_100);
    assertEquals(101, HttpConstants.ResponseStatusCodes.SWITCHING_PROTOCOLS_101);
    assertEquals(308, HttpConstants.ResponseStatusCodes.PERMANENT_REDIRECT_308);
    assertEquals(407, HttpConstants.ResponseStatusCodes.PROXY_AUTHENTICATION_REQUIRED_407);
  }
}
