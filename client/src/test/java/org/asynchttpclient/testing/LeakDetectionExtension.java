package org.asynchttpclient.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty's leak detector (run at {@code paranoid} by the build) reports a
 * leaked buffer. Registered for every test through JUnit's extension auto-detection, so its static
 * initialiser installs the recording detector before any buffer class is loaded.
 */
public final class LeakDetectionExtension implements AfterAllCallback {
  private static final List<String> LEAKS = new ArrayList<>();

  static {
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(
        new ResourceLeakDetectorFactory() {
          @Override
          @SuppressWarnings("deprecation")
          public <T> ResourceLeakDetector<T> newResourceLeakDetector(
              Class<T> resource, int samplingInterval, long maxActive) {
            return new RecordingDetector<>(resource, samplingInterval);
          }
        });
  }

  private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {
    RecordingDetector(Class<T> resource, int samplingInterval) {
      super(resource, samplingInterval);
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
      record(resourceType + " leaked:" + records);
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
      record(resourceType + " leaked (no records)");
    }

    private static void record(String leak) {
      synchronized (LEAKS) {
        LEAKS.add(leak);
      }
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws InterruptedException {
    // Leaks are found when a collected buffer is noticed during a later allocation.
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(20);
      ByteBuf a = PooledByteBufAllocator.DEFAULT.buffer(1);
      ByteBuf b = UnpooledByteBufAllocator.DEFAULT.buffer(1);
      ByteBuf c = PooledByteBufAllocator.DEFAULT.directBuffer(1);
      a.release();
      b.release();
      c.release();
    }
    List<String> found;
    synchronized (LEAKS) {
      found = new ArrayList<>(LEAKS);
      LEAKS.clear();
    }
    if (!found.isEmpty()) {
      throw new AssertionError(
          found.size() + " ByteBuf leak(s) in " + context.getDisplayName() + ":\n" + found.get(0));
    }
  }
}
