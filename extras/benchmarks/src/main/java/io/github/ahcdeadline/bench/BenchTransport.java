package io.github.ahcdeadline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;

/**
 * The socket transport an AsyncHttpClient API client is put on in a benchmark, through the options
 * ahc-deadline and every AHC release have ({@code useNativeTransport}, {@code
 * useOnlyEpollNativeTransport}); a benchmark puts every client on the same one. The native ones
 * need the native jars on the child's class path (each client gets those of its own Netty
 * release); NIO is forced by leaving them off (no client has an option that turns detection off).
 */
enum BenchTransport {
  /** Nothing set and no native jars: both clients can only run on NIO. */
  NIO("nio"),
  /** {@code useNativeTransport} and {@code useOnlyEpollNativeTransport}: epoll in both clients. */
  EPOLL("epoll"),
  /** {@code useNativeTransport} alone: both clients try io_uring first, then epoll. */
  IO_URING("io_uring"),
  /**
   * Nothing set, native jars present: each client's own choice (3.0.11: NIO; ahc-deadline, as
   * 3.0.12 and 3.0.14: epoll, then io_uring, when the library loads).
   */
  DEFAULT("default");

  /** What each transport id means, for a table's legend. */
  static final String LEGEND =
      "nio: no native jars on the class path; epoll: useNativeTransport +"
          + " useOnlyEpollNativeTransport; io_uring: useNativeTransport (the clients try io_uring"
          + " first); default: nothing set, with the native jars on the class path as an"
          + " application that adds them has them (AHC 3.0.11 stays on NIO; ahc-deadline and AHC"
          + " 3.0.14 pick epoll). Each client gets the native jars of its own Netty release.";

  private final String id;

  BenchTransport(String id) {
    this.id = id;
  }

  /** The name used on command lines and in row labels: nio, epoll, io_uring or default. */
  String id() {
    return id;
  }

  /**
   * How a table shows a child that ran on this transport, as {@link #describeChannel} names
   * channels: NIO, epoll, io_uring ("default" for DEFAULT, which stands for the client's choice).
   */
  String shownAs() {
    return this == NIO ? "NIO" : id;
  }

  /** True if the child runs with the native transports' jars on its class path. */
  boolean needsNativeJars() {
    return this != NIO;
  }

  /** Sets the builder's transport options for this transport (nothing for NIO and default). */
  void apply(DefaultAsyncHttpClientConfig.Builder builder) {
    if (this == EPOLL) {
      builder.setUseNativeTransport(true).setUseOnlyEpollNativeTransport(true);
    } else if (this == IO_URING) {
      builder.setUseNativeTransport(true);
    }
  }

  /** The transport named {@code id}: nio, epoll, io_uring or default. */
  static BenchTransport parse(String id) {
    for (BenchTransport t : values()) {
      if (t.id.equals(id)) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "transport: " + id + " (expected nio, epoll, io_uring or default)");
  }

  /** A comma-separated list such as {@code nio,epoll,io_uring,default}, in its order. */
  static List<BenchTransport> parseList(String csv) {
    List<BenchTransport> list = new ArrayList<>();
    for (String id : csv.split(",", -1)) {
      BenchTransport t = parse(id.trim());
      if (list.contains(t)) {
        throw new IllegalArgumentException("transports: " + csv + " (" + id + " twice)");
      }
      list.add(t);
    }
    return list;
  }

  /**
   * The transport a channel class stands for: NIO, epoll or io_uring from Netty's socket channel
   * names, the simple class name for anything else, "?" for none (the child never connected).
   */
  static String describeChannel(String className) {
    if (className == null || className.isEmpty()) {
      return "?";
    }
    String simple = className.substring(className.lastIndexOf('.') + 1);
    String lower = simple.toLowerCase(Locale.ROOT);
    if (lower.startsWith("nio")) {
      return "NIO";
    }
    if (lower.startsWith("epoll")) {
      return "epoll";
    }
    if (lower.startsWith("iouring")) {
      return "io_uring";
    }
    return simple;
  }
}
