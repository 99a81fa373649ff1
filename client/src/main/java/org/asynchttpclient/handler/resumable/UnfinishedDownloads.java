package org.asynchttpclient.handler.resumable;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.asynchttpclient.handler.resumable.ResumableAsyncHandler.ResumableProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The downloads that have started and not completed, with their processors, so that each processor
 * can {@link ResumableProcessor#save save} them when the JVM exits. One shutdown hook, installed when
 * the first download starts, saves them all.
 *
 * <p>Only unfinished downloads are held, and only until they complete: 3.0.11 kept every processor
 * ever created in a static queue until the JVM exited, a leak that grew with each handler.
 *
 * <p>Thread-safety: any thread.
 */
final class UnfinishedDownloads {
  private static final Logger LOGGER = LoggerFactory.getLogger(UnfinishedDownloads.class);

  static final UnfinishedDownloads INSTANCE = new UnfinishedDownloads();

  /** One download: its processor (by identity) and URL. */
  static final class Key {
    // immutable
    final ResumableProcessor processor;
    final String url;

    Key(ResumableProcessor processor, String url) {
      this.processor = processor;
      this.url = url;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).processor == processor && ((Key) o).url.equals(url);
    }

    @Override
    public int hashCode() {
      return Objects.hash(System.identityHashCode(processor), url);
    }
  }

  // any thread
  private final Map<Key, Long> progress = new ConcurrentHashMap<>();
  private final AtomicBoolean hookInstalled = new AtomicBoolean();

  /** Records that {@code key}'s download has {@code bytes} bytes so far. */
  void progress(Key key, long bytes) {
    if (this == INSTANCE && hookInstalled.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::saveAll, "ahc-resumable-save"));
    }
    progress.put(key, bytes);
  }

  /** Forgets {@code key}'s download: it completed. */
  void finished(Key key) {
    progress.remove(key);
  }

  /** The unfinished downloads of {@code processor}: URL to bytes received. */
  Map<String, Long> of(ResumableProcessor processor) {
    Map<String, Long> downloads = new HashMap<>();
    for (Map.Entry<Key, Long> e : progress.entrySet()) {
      if (e.getKey().processor == processor) {
        downloads.put(e.getKey().url, e.getValue());
      }
    }
    return downloads;
  }

  /** Hands each processor its unfinished downloads; one that fails does not stop the others. */
  void saveAll() {
    IdentityHashMap<ResumableProcessor, Map<String, Long>> byProcessor = new IdentityHashMap<>();
    for (Map.Entry<Key, Long> e : progress.entrySet()) {
      byProcessor.computeIfAbsent(e.getKey().processor, p -> new HashMap<>()).put(e.getKey().url, e.getValue());
    }
    for (Map.Entry<ResumableProcessor, Map<String, Long>> e : byProcessor.entrySet()) {
      try {
        e.getKey().save(e.getValue());
      } catch (RuntimeException ex) {
        LOGGER.warn("Cannot save the progress of {} downloads with {}", e.getValue().size(), e.getKey(), ex);
      }
    }
  }
}
