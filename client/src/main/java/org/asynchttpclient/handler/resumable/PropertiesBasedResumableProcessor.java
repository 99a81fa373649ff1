package org.asynchttpclient.handler.resumable;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jetbrains.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ResumableAsyncHandler.ResumableProcessor} that keeps download progress in memory and in
 * the file {@code ahc/ResumableAsyncHandler.properties} under {@code java.io.tmpdir}, the file
 * 3.0.11 uses: one {@code url=bytes} line per unfinished download, in UTF-8.
 *
 * <p>{@link #load()} reads the file (a missing file means no saved progress); {@link #save} writes
 * what {@link #put} and {@link #remove} left, to a temporary file that then replaces the old one, so
 * that a crash while saving leaves the previous file whole.
 *
 * <p>The file lists the URLs being downloaded (user info and query tokens included) at a fixed path
 * of the shared temporary directory, so, as in AHC 3.0.12: on a POSIX file system the file is
 * created {@code rw-------} and a directory {@code save} creates {@code rwx------}; a symbolic link
 * planted at the file's path is replaced, never written through; {@code load} does not follow one
 * (it reads nothing then), nor does {@code save} accept a link in place of the directory. A line is split at its last {@code =},
 * so a URL whose query holds {@code =} is read back correctly (3.0.11 lost such lines). Problems
 * with the file are logged, never thrown: losing saved progress only means starting over.
 *
 * <p>Thread-safety: all methods may be called from any thread.
 */
public class PropertiesBasedResumableProcessor implements ResumableAsyncHandler.ResumableProcessor {
  private static final Logger LOGGER = LoggerFactory.getLogger(PropertiesBasedResumableProcessor.class);
  private static final String STORE_NAME = "ResumableAsyncHandler.properties";

  // immutable
  private final Path store;
  // any thread
  private final Map<String, Long> progress = new ConcurrentHashMap<>();

  public PropertiesBasedResumableProcessor() {
    this(Paths.get(System.getProperty("java.io.tmpdir"), "ahc", STORE_NAME));
  }

  /** A processor that keeps its progress in {@code store} (for tests). */
  PropertiesBasedResumableProcessor(Path store) {
    this.store = store;
  }

  @Override
  public void put(String url, long transferredBytes) {
    progress.put(url, transferredBytes);
  }

  @Override
  public void remove(@Nullable String url) {
    if (url != null) {
      progress.remove(url);
    }
  }

  /** Writes the progress this processor holds (the map passed in lists the same downloads). */
  @Override
  public void save(Map<String, Long> map) {
    LOGGER.debug("Saving download progress {} to {}", progress, store);
    try {
      Path dir = store.toAbsolutePath().getParent();
      // Refuses an existing link in place of the directory (createDirectories checks with
      // NOFOLLOW_LINKS); a directory it creates is the owner's only.
      Files.createDirectories(dir, ownerOnly(store, "rwx------"));
      Path temp = Files.createTempFile(dir, STORE_NAME, ".tmp", ownerOnly(store, "rw-------"));
      try {
        try (Writer out = Files.newBufferedWriter(temp, UTF_8)) {
          for (Map.Entry<String, Long> e : progress.entrySet()) {
            out.write(e.getKey() + '=' + e.getValue() + '\n');
          }
        }
        moveOver(temp, store);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException | RuntimeException e) {
      LOGGER.warn("Cannot save download progress to {}", store, e);
    }
  }

  /** Owner-only {@code permissions} where the file system of {@code onFileSystemOf} has POSIX ones. */
  private static FileAttribute<?>[] ownerOnly(Path onFileSystemOf, String permissions) {
    if (!onFileSystemOf.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return new FileAttribute<?>[0];
    }
    return new FileAttribute<?>[] {
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))
    };
  }

  private static void moveOver(Path source, Path target) throws IOException {
    try {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Adds the progress saved in the file to this processor's and returns it all, unmodifiable. */
  @Override
  public Map<String, Long> load() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(Files.newInputStream(store, LinkOption.NOFOLLOW_LINKS), UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        int eq = line.lastIndexOf('=');
        try {
          if (eq <= 0) {
            throw new NumberFormatException("no '='");
          }
          progress.put(line.substring(0, eq).trim(), Long.parseLong(line.substring(eq + 1).trim()));
        } catch (NumberFormatException e) {
          LOGGER.warn("Skipping line '{}' of {} (expected url=bytes)", line, store);
        }
      }
      LOGGER.debug("Loaded download progress {} from {}", progress, store);
    } catch (NoSuchFileException e) {
      LOGGER.debug("No saved download progress in {}", store);
    } catch (IOException | RuntimeException e) {
      LOGGER.warn("Cannot load download progress from {}", store, e);
    }
    return Collections.unmodifiableMap(progress);
  }
}
