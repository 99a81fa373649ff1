package io.github.ahcdeadline.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** Describes the machine a benchmark ran on: processors, CPU model, JDK and OS. */
public final class Machine {
  private Machine() {}

  /** One line per fact, ready to print at the top of a report. */
  public static String describe() {
    return "nproc: "
        + Runtime.getRuntime().availableProcessors()
        + "\nCPU: "
        + cpuModel()
        + "\nJDK: "
        + System.getProperty("java.vm.name")
        + " "
        + System.getProperty("java.runtime.version", System.getProperty("java.version"))
        + "\nOS: "
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + " ("
        + System.getProperty("os.arch")
        + ")\nload average: "
        + loadAverage()
        + "\n";
  }

  /**
   * The 1, 5 and 15 minute load averages of /proc/loadavg: figures taken while other work runs on
   * the machine are noisy, and this says how busy it was.
   */
  public static String loadAverage() {
    try {
      String[] fields =
          new String(Files.readAllBytes(Paths.get("/proc/loadavg")), StandardCharsets.US_ASCII)
              .trim()
              .split(" ", -1);
      return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  /** The first "model name" of /proc/cpuinfo, or "unknown" where there is none (not Linux). */
  public static String cpuModel() {
    Path cpuinfo = Paths.get("/proc/cpuinfo");
    try {
      List<String> lines = Files.readAllLines(cpuinfo, StandardCharsets.UTF_8);
      for (String line : lines) {
        if (line.startsWith("model name")) {
          int colon = line.indexOf(':');
          return colon < 0 ? line.trim() : line.substring(colon + 1).trim();
        }
      }
      return "unknown";
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
