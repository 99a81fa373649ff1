package io.github.ahcdeadline.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The longest stop-the-world collection of this JVM over a window, from the collectors' own
 * notifications. Beside the {@link WakeupProbe}: a pause delays every timer of the JVM by up to its
 * length, but the probe, waking every {@value WakeupProbe#PARK_MILLIS} ms, sees one only when a
 * wake-up falls inside it, so a window's maximum lateness can exceed the probe's by a pause the
 * probe slept through. Collectors whose name says they run concurrently (G1's concurrent cycle on
 * newer JDKs, ZGC and Shenandoah cycles) are left out: their durations are not pauses.
 *
 * <pre>
 *   install() --&gt; listening; openWindow() .. closeWindow() --&gt; longest pause of that window
 *   uninstall() --&gt; no longer listening
 * </pre>
 *
 * <p>Threads: notifications arrive on a JMX thread; the window is opened and closed by another,
 * under this object's monitor.
 */
final class GcPauses implements NotificationListener {
  // guarded by this
  private boolean open;
  private long maxPauseMillis = -1;
  private long heard;

  // immutable
  private final List<NotificationEmitter> emitters = new ArrayList<>();

  /** Starts listening to every collector of this JVM that sends notifications. */
  void install() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter) {
        NotificationEmitter emitter = (NotificationEmitter) gc;
        emitter.addNotificationListener(this, null, null);
        emitters.add(emitter);
      }
    }
  }

  void uninstall() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // already gone: nothing to undo
      }
    }
    emitters.clear();
  }

  /** Starts a window: pauses that end from now on count. */
  synchronized void openWindow() {
    open = true;
    maxPauseMillis = -1;
  }

  /** Ends the window; returns its longest pause in ms, 0 when it had none, -1 when never opened. */
  synchronized long closeWindow() {
    boolean wasOpen = open;
    open = false;
    return wasOpen ? Math.max(0, maxPauseMillis) : -1;
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (isConcurrent(info.getGcName())) {
      return;
    }
    pause(info.getGcInfo().getDuration());
  }

  /** Whether a collector's durations are those of concurrent work rather than pauses. */
  static boolean isConcurrent(String gcName) {
    return gcName.contains("Concurrent") || gcName.contains("Cycles") || gcName.startsWith("ZGC");
  }

  /** How many pauses were heard since install, windows or not. */
  synchronized long heard() {
    return heard;
  }

  synchronized void pause(long millis) {
    heard++;
    if (millis > maxPauseMillis) {
      maxPauseMillis = millis;
    }
  }
}
