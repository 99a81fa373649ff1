package io.github.ahcdeadline.bench;

import java.io.File;
import java.io.IOException;

/**
 * A client the benchmarks run in a child JVM, and where the build wrote its classpath: ahc-deadline
 * (this build) or a released AsyncHttpClient. Each gets, on a native transport, the epoll and
 * io_uring jars of its own Netty release (natives of another release do not mix with its
 * netty-transport and unix-common).
 */
enum BenchClient {
  /** This build of ahc-deadline. */
  OURS("ahc-deadline", BenchPaths.OURS_CLASSPATH, BenchPaths.NATIVE_CLASSPATH),
  /** AsyncHttpClient 3.0.14 (Netty 4.2.18.Final): the main reference. */
  AHC_3_0_14("AHC 3.0.14", BenchPaths.AHC3014_CLASSPATH, BenchPaths.AHC3014_NATIVE_CLASSPATH),
  /** AsyncHttpClient 3.0.11 (Netty 4.2.15.Final): the second reference. */
  AHC_3_0_11("AHC 3.0.11", BenchPaths.AHC3_CLASSPATH, BenchPaths.AHC3_NATIVE_CLASSPATH),
  /** AsyncHttpClient 3.0.12 (Netty 4.2.17.Final), built by hand: see {@link BenchPaths#AHC3012_HOW}. */
  AHC_3_0_12("AHC 3.0.12", BenchPaths.AHC3012_CLASSPATH, BenchPaths.AHC3012_NATIVE_CLASSPATH);

  private final String label;
  private final String classpathFile;
  private final String nativeClasspathFile;

  BenchClient(String label, String classpathFile, String nativeClasspathFile) {
    this.label = label;
    this.classpathFile = classpathFile;
    this.nativeClasspathFile = nativeClasspathFile;
  }

  /** The name rows start with: ahc-deadline, AHC 3.0.14, ... */
  String label() {
    return label;
  }

  /** The file in target/ that lists the client's runtime classpath. */
  String classpathFile() {
    return classpathFile;
  }

  /** The file in target/ that lists the native transports' jars of the client's Netty release. */
  String nativeClasspathFile() {
    return nativeClasspathFile;
  }

  /**
   * The client's classpath for a child on {@code transport}: its runtime classpath, followed by
   * its native jars when the transport needs them.
   *
   * @throws IOException if a file is missing, saying how to write it
   */
  String classpath(BenchTransport transport) throws IOException {
    String classpath = BenchPaths.readClasspath(classpathFile);
    return transport.needsNativeJars()
        ? classpath + File.pathSeparator + BenchPaths.readClasspath(nativeClasspathFile)
        : classpath;
  }
}
