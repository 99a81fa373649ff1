package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Counts a child JVM's system calls over its measured window with {@code perf stat} (Linux, perf
 * with access to the syscall tracepoints: root, or a low enough {@code kernel.perf_event_paranoid}
 * and a readable tracefs), for Compare's {@code --syscalls} columns.
 *
 * <p>perf attaches when the child prints {@link Meter#WINDOW_START} and counts {@value
 * #MARGIN_MILLIS} ms less than the window: attaching takes some tens of ms, and what follows the
 * window (the loop draining, the client closing) is not the load. perf counts while its workload,
 * a {@code sleep} of that length, runs (it attaches first), so the requests of the counted time are
 * the window's rate times the sleep; perf's own {@code duration_time} is no help, as with {@code -p}
 * it is summed over the process's threads. The workload prints the wall clock as it starts, which
 * tells whether the count began late enough to run past the window (on a loaded 2-core machine
 * perf took some 40 ms to attach, and then 0.4 s to detach, after counting). Where perf is
 * missing, refused or fails, the counts are unavailable with the reason, and the benchmark goes on.
 */
final class SyscallCounter {
  /** Counted this much less than the window, so a late attach still ends inside it. */
  static final long MARGIN_MILLIS = 500;

  private static final long MIN_COUNT_MILLIS = 500;

  static final String ALL = "raw_syscalls:sys_enter";
  static final String EPOLL_WAIT = "syscalls:sys_enter_epoll_wait";
  // The JDK's selector and Netty's epoll call epoll_wait on x86_64; other architectures have only
  // epoll_pwait, and a loop may use epoll_pwait2 for sub-ms timeouts: all count as waits, each if
  // this kernel has its tracepoint (perf refuses the whole list over one unknown name).
  static final String EPOLL_PWAIT = "syscalls:sys_enter_epoll_pwait";
  static final String EPOLL_PWAIT2 = "syscalls:sys_enter_epoll_pwait2";
  static final String IO_URING_ENTER = "syscalls:sys_enter_io_uring_enter";
  static final String WRITE = "syscalls:sys_enter_write";
  static final String READ = "syscalls:sys_enter_read";
  // The JDK's NIO writes and reads a socket with write and read, Netty's epoll with sendto and
  // recvfrom, gathering writes use writev or sendmsg: all are the socket I/O of a request.
  static final List<String> OTHER_IO =
      List.of("syscalls:sys_enter_writev", "syscalls:sys_enter_readv", "syscalls:sys_enter_sendto",
          "syscalls:sys_enter_recvfrom", "syscalls:sys_enter_sendmsg", "syscalls:sys_enter_recvmsg");
  static final String CONTEXT_SWITCHES = "context-switches";

  /** The table's column titles, in the order of {@link Counts#perRequest}. */
  static final List<String> COLUMNS =
      List.of("syscalls/req", "epoll_wait/req", "io_uring_enter/req", "write+read/req",
          "ctx sw/req");

  private static final List<Path> TRACEFS =
      List.of(Paths.get("/sys/kernel/tracing/events"), Paths.get("/sys/kernel/debug/tracing/events"));

  private final Process perf;
  private final Path output;
  private final long countMillis;
  private final long windowMillis;
  // when the window started (epoch ns), as near as the parent knows: when it read the child's line
  private final long startEpochNanos;
  private final String failure;

  private SyscallCounter(
      Process perf,
      Path output,
      long countMillis,
      long windowMillis,
      long startEpochNanos,
      String failure) {
    this.perf = perf;
    this.output = output;
    this.countMillis = countMillis;
    this.windowMillis = windowMillis;
    this.startEpochNanos = startEpochNanos;
    this.failure = failure;
  }

  /**
   * Starts counting process {@code pid} now, for a window of {@code windowMillis} that starts now.
   * Never throws: a perf that cannot start makes counts that say why.
   */
  static SyscallCounter start(long pid, long windowMillis) {
    Instant now = Instant.now();
    long startEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    long countMillis = Math.max(MIN_COUNT_MILLIS, windowMillis - MARGIN_MILLIS);
    Path output = null;
    try {
      output = Files.createTempFile("bench-perf", ".csv");
      List<String> command = command(pid, countMillis, events(SyscallCounter::hasTracepoint));
      Process perf =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      return new SyscallCounter(perf, output, countMillis, windowMillis, startEpochNanos, "");
    } catch (IOException e) {
      deleteQuietly(output);
      return new SyscallCounter(
          null, null, countMillis, windowMillis, startEpochNanos, "perf: " + e.getMessage());
    }
  }

  /** Waits for perf to finish and returns what it counted (or why nothing). */
  Counts await() throws InterruptedException {
    if (perf == null) {
      return Counts.unavailable(failure);
    }
    try {
      if (!perf.waitFor(countMillis + 30_000, TimeUnit.MILLISECONDS)) {
        perf.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return Counts.unavailable("perf did not finish");
      }
      List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
      Counts counts = Counts.parse(lines, countMillis);
      long lateMillis = countingStartedLate(lines, startEpochNanos);
      if (counts.problem().isEmpty() && lateMillis + countMillis > windowMillis) {
        // Attaching took longer than the margin: the count overlaps the end of the window.
        return counts.withProblem("perf started counting " + lateMillis + " ms into the "
            + windowMillis + " ms window and ran past its end; figures kept");
      }
      // perf fails when a thread ends while it attaches, yet prints the others' counts
      return counts.problem().isEmpty() || perf.exitValue() == 0
          ? counts
          : Counts.unavailable("perf exited with " + perf.exitValue() + firstLine(lines));
    } catch (IOException e) {
      return Counts.unavailable("perf output: " + e.getMessage());
    } finally {
      deleteQuietly(output);
    }
  }

  /** The perf command line that counts {@code events} of {@code pid} for {@code millis}. */
  static List<String> command(long pid, long millis, List<String> events) {
    List<String> command = new ArrayList<>();
    command.add("perf");
    command.add("stat");
    command.add("-x,");
    command.add("-p");
    command.add(Long.toString(pid));
    command.add("-e");
    command.add(String.join(",", events));
    // perf counts the process while this workload runs: the sleep is the counting window's
    // length; the date before it, on a line of its own, when the counting began
    command.add("--");
    command.add("sh");
    command.add("-c");
    command.add(String.format(Locale.ROOT, "date +%%s%%N; exec sleep %.3f", millis / 1000.0));
    return command;
  }

  /**
   * How many ms after {@code windowEpochNanos} the workload printed its start (a line of digits,
   * epoch ns), or 0 if it printed none.
   */
  static long countingStartedLate(List<String> perfOutput, long windowEpochNanos) {
    for (String line : perfOutput) {
      String t = line.trim();
      if (!t.isEmpty() && t.length() < 20 && t.chars().allMatch(Character::isDigit)) {
        return Math.max(0, (Long.parseLong(t) - windowEpochNanos) / 1_000_000);
      }
    }
    return 0;
  }

  /**
   * The events to count: those of the columns' formula that this kernel has a tracepoint for, with
   * the task's five named ones always asked for (perf then says what is missing).
   */
  static List<String> events(Predicate<String> hasTracepoint) {
    List<String> events = new ArrayList<>(List.of(ALL, EPOLL_WAIT));
    for (String optional : List.of(EPOLL_PWAIT, EPOLL_PWAIT2)) {
      if (hasTracepoint.test(optional)) {
        events.add(optional);
      }
    }
    events.addAll(List.of(IO_URING_ENTER, WRITE, READ));
    for (String optional : OTHER_IO) {
      if (hasTracepoint.test(optional)) {
        events.add(optional);
      }
    }
    events.add(CONTEXT_SWITCHES);
    return events;
  }

  private static boolean hasTracepoint(String event) {
    Path relative = Paths.get(event.replace(':', '/'));
    for (Path tracefs : TRACEFS) {
      if (Files.isDirectory(tracefs.resolve(relative))) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(List<String> lines) {
    for (String line : lines) {
      if (!line.isBlank()) {
        return ": " + line.trim();
      }
    }
    return "";
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind is no reason to lose the figures
    }
  }

  /** What perf counted over one window, by event name, or why nothing was counted. */
  static final class Counts {
    private final Map<String, Double> values;
    private final long countedMillis;
    private final String problem;

    private Counts(Map<String, Double> values, long countedMillis, String problem) {
      this.values = values;
      this.countedMillis = countedMillis;
      this.problem = problem;
    }

    /** No counts, for the reason given. */
    static Counts unavailable(String why) {
      return new Counts(Map.of(), 0, why);
    }

    /** These counts with a note on how far to trust them. */
    Counts withProblem(String why) {
      return new Counts(values, countedMillis, why);
    }

    /**
     * Reads {@code perf stat -x,} output: one {@code value,unit,event,...} line per event, the
     * value {@code <not counted>} or {@code <not supported>} where perf had none. Other lines are
     * skipped. {@code countedMillis}: how long perf counted.
     */
    static Counts parse(List<String> lines, long countedMillis) {
      Map<String, Double> values = new HashMap<>();
      for (String line : lines) {
        String[] fields = line.split(",", -1);
        if (fields.length < 3 || fields[2].isEmpty()) {
          continue;
        }
        try {
          values.put(fields[2].trim(), Double.parseDouble(fields[0].trim()));
        } catch (NumberFormatException e) {
          // <not counted>, <not supported>: the event stays absent and its column says n/a
        }
      }
      return new Counts(values, countedMillis, values.isEmpty() ? "perf counted nothing" : "");
    }

    /** Why the counts are missing, or "" if perf counted. */
    String problem() {
      return problem;
    }

    /** The count of one event, or NaN if perf did not count it. */
    double value(String event) {
      Double v = values.get(event);
      return v == null ? Double.NaN : v;
    }

    /**
     * The counts per request, in the order of {@link #COLUMNS}, NaN where unknown: each count over
     * the requests of the counted time, the window's {@code requests} in {@code windowNanos}
     * scaled to the time perf counted.
     */
    double[] perRequest(long requests, long windowNanos) {
      double[] result = new double[COLUMNS.size()];
      double counted =
          windowNanos > 0 && countedMillis > 0
              ? requests * (countedMillis * 1e6) / windowNanos
              : Double.NaN;
      if (!(counted > 0)) {
        Arrays.fill(result, Double.NaN);
        return result;
      }
      result[0] = value(ALL) / counted;
      result[1] = sumOfPresent(EPOLL_WAIT, EPOLL_PWAIT, EPOLL_PWAIT2) / counted;
      result[2] = value(IO_URING_ENTER) / counted;
      List<String> io = new ArrayList<>(List.of(WRITE, READ));
      io.addAll(OTHER_IO);
      result[3] = sumOfPresent(io.toArray(new String[0])) / counted;
      result[4] = value(CONTEXT_SWITCHES) / counted;
      return result;
    }

    private double sumOfPresent(String... events) {
      double sum = Double.NaN;
      for (String event : events) {
        double v = value(event);
        if (!Double.isNaN(v)) {
          sum = Double.isNaN(sum) ? v : sum + v;
        }
      }
      return sum;
    }
  }
}
