package org.asynchttpclient.handler.resumable;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PropertiesBasedResumableProcessor, ResumableRandomAccessFileListener and UnfinishedDownloads. */
class StoresTest {
  @TempDir Path dir;

  @Test
  void progressSurvivesSaveAndLoadEvenForUrlsWithEquals() {
    Path store = dir.resolve("ahc").resolve("ResumableAsyncHandler.properties");
    PropertiesBasedResumableProcessor before = new PropertiesBasedResumableProcessor(store);
    before.put("http://h/a?x=1&y=2", 10);
    before.put("http://h/b", 20);
    before.put("http://h/done", 30);
    before.remove("http://h/done");
    before.remove(null);
    before.save(Map.of());

    Map<String, Long> loaded = new PropertiesBasedResumableProcessor(store).load();
    assertEquals(Map.of("http://h/a?x=1&y=2", 10L, "http://h/b", 20L), loaded);
    assertThrows(UnsupportedOperationException.class, () -> loaded.put("x", 1L));
  }

  @Test
  void a3011FileIsReadAndBadLinesAreSkipped() throws IOException {
    Path store = dir.resolve("ResumableAsyncHandler.properties");
    Files.write(store, "http://h/a=5\nnot a line\nhttp://h/b=x\n\nhttp://h/c=7\n".getBytes(UTF_8));
    assertEquals(Map.of("http://h/a", 5L, "http://h/c", 7L), new PropertiesBasedResumableProcessor(store).load());
  }

  @Test
  void missingFileMeansNoProgress() {
    assertTrue(new PropertiesBasedResumableProcessor(dir.resolve("none")).load().isEmpty());
  }

  private static void assumePosix(Path path) {
    assumeTrue(path.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
  }

  @Test
  void theStoreAndTheDirectoryItCreatesAreTheOwnersOnly() throws IOException {
    assumePosix(dir);
    // AHC 3.0.12 (#2281): the file lists URLs being downloaded, in the shared temporary directory.
    Path store = dir.resolve("ahc").resolve("ResumableAsyncHandler.properties");
    PropertiesBasedResumableProcessor processor = new PropertiesBasedResumableProcessor(store);
    processor.put("http://user:secret@h/a", 1);
    processor.save(Map.of());
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.getParent())));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)));
  }

  /** The store's usual path, made a symbolic link to {@code target} as an attacker would. */
  private Path storeLinkedTo(Path target) throws IOException {
    Path store = dir.resolve("ResumableAsyncHandler.properties");
    Files.createSymbolicLink(store, target);
    return store;
  }

  @Test
  void saveReplacesALinkAtTheStoresPathAndNeverWritesThroughIt() throws IOException {
    assumePosix(dir);
    Path victim = Files.write(dir.resolve("victim"), "precious\n".getBytes(UTF_8));
    Path store = storeLinkedTo(victim);
    PropertiesBasedResumableProcessor processor = new PropertiesBasedResumableProcessor(store);
    processor.put("http://h/a", 3);
    processor.save(Map.of());
    assertEquals(List.of("precious"), Files.readAllLines(victim, UTF_8));
    assertFalse(Files.isSymbolicLink(store));
    assertEquals(List.of("http://h/a=3"), Files.readAllLines(store, UTF_8));
  }

  @Test
  void loadDoesNotFollowALinkAtTheStoresPath() throws IOException {
    assumePosix(dir);
    Path planted = Files.write(dir.resolve("planted"), "http://h/a=999\n".getBytes(UTF_8));
    assertTrue(new PropertiesBasedResumableProcessor(storeLinkedTo(planted)).load().isEmpty());
  }

  @Test
  void savingReplacesTheFileAndLeavesNoTemporaryFile() throws IOException {
    Path store = dir.resolve("ResumableAsyncHandler.properties");
    Files.write(store, "http://h/old=1\n".getBytes(UTF_8));
    PropertiesBasedResumableProcessor processor = new PropertiesBasedResumableProcessor(store);
    processor.put("http://h/new", 2);
    processor.save(Map.of());
    assertEquals(List.of("http://h/new=2"), Files.readAllLines(store, UTF_8));
    try (var files = Files.list(dir)) {
      assertEquals(1, files.count());
    }
  }

  @Test
  void fileListenerAppendsHeapAndDirectBuffersWithoutMovingThem() throws IOException {
    Path file = dir.resolve("f.bin");
    Files.write(file, new byte[] {1, 2});
    RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw");
    ResumableRandomAccessFileListener listener = new ResumableRandomAccessFileListener(raf);
    assertEquals(2, listener.length());
    ByteBuffer heap = ByteBuffer.wrap(new byte[] {9, 3, 4, 9}, 1, 2).slice();
    listener.onBytesReceived(heap);
    assertEquals(0, heap.position());
    ByteBuffer direct = ByteBuffer.allocateDirect(2).put(new byte[] {5, 6}).flip();
    raf.seek(0); // the listener appends wherever the file pointer is
    listener.onBytesReceived(direct);
    assertEquals(0, direct.position());
    assertEquals(6, listener.length());
    listener.onAllBytesReceived();
    assertEquals(-1, listener.length());
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, Files.readAllBytes(file));
  }

  @Test
  void unfinishedDownloadsAreSavedPerProcessorUntilTheyComplete() {
    UnfinishedDownloads downloads = new UnfinishedDownloads();
    ResumableAsyncHandlerTest.RecordingProcessor one = new SavingProcessor();
    ResumableAsyncHandlerTest.RecordingProcessor two = new SavingProcessor();
    ResumableAsyncHandler.ResumableProcessor failing =
        new SavingProcessor() {
          @Override
          public void save(Map<String, Long> map) {
            throw new IllegalStateException("cannot save");
          }
        };
    downloads.progress(new UnfinishedDownloads.Key(one, "http://h/a"), 1);
    downloads.progress(new UnfinishedDownloads.Key(one, "http://h/a"), 5);
    downloads.progress(new UnfinishedDownloads.Key(one, "http://h/b"), 2);
    downloads.progress(new UnfinishedDownloads.Key(failing, "http://h/c"), 3);
    downloads.progress(new UnfinishedDownloads.Key(two, "http://h/d"), 4);
    downloads.finished(new UnfinishedDownloads.Key(two, "http://h/d"));
    downloads.saveAll();
    assertEquals(List.of(Map.of("http://h/a", 5L, "http://h/b", 2L)), ((SavingProcessor) one).saves);
    assertEquals(List.of(), ((SavingProcessor) two).saves);
  }

  /** Records each save. */
  static class SavingProcessor extends ResumableAsyncHandlerTest.RecordingProcessor {
    final List<Map<String, Long>> saves = new ArrayList<>();

    @Override
    public void save(Map<String, Long> map) {
      saves.add(map);
    }
  }
}
