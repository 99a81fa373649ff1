package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Child-JVM entry point of the client timeout benchmark; runs against whichever client is on the
 * classpath.
 *
 * <p>Usage: {@code ClientTimeoutMain URL COUNT TIMEOUT_MS timer|eventloop LAGS_FILE [TRANSPORT
 * [BURSTS]]}, TRANSPORT {@code nio} (default), {@code epoll} or {@code io_uring}, BURSTS the measured
 * bursts (default 1) after the warm-up ones. Writes the lag of each timed-out request of the
 * measured bursts (ns, one per line) to LAGS_FILE and prints one line {@code RESULT
 * timeouts=N others=N modeApplied=B channel=CLASS firstOther=TEXT}, CLASS the first connection's
 * channel class ({@link FirstChannel}, "-" if none).
 */
public final class ClientTimeoutMain {
  private ClientTimeoutMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length < 5 || args.length > 7) {
      throw new IllegalArgumentException(
          "arguments: "
              + args.length
              + " (expected URL COUNT TIMEOUT_MS MODE LAGS_FILE [TRANSPORT [BURSTS]])");
    }
    ClientTimeoutRun.Outcome outcome =
        ClientTimeoutRun.run(
            args[0],
            Integer.parseInt(args[1]),
            Long.parseLong(args[2]),
            ClientTimeoutRun.Mode.parse(args[3]),
            args.length > 5 ? args[5] : "nio",
            args.length > 6 ? Integer.parseInt(args[6]) : 1);
    writeLags(Paths.get(args[4]), outcome.timeoutLagsNanos());
    System.out.println(
        "RESULT timeouts="
            + outcome.timeoutLagsNanos().length
            + " others="
            + outcome.others()
            + " modeApplied="
            + outcome.modeApplied()
            + " channel="
            + (FirstChannel.className().isEmpty() ? "-" : FirstChannel.className())
            + " firstOther="
            + outcome.firstOther().replace('\n', ' '));
  }

  static void writeLags(Path file, long[] lagsNanos) throws IOException {
    List<String> lines = new ArrayList<>(lagsNanos.length);
    for (long lag : lagsNanos) {
      lines.add(Long.toString(lag));
    }
    Files.write(file, lines, StandardCharsets.US_ASCII);
  }

  static long[] readLags(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
    long[] lags = new long[lines.size()];
    for (int i = 0; i < lags.length; i++) {
      lags[i] = Long.parseLong(lines.get(i).trim());
    }
    return lags;
  }
}
