package org.asynchttpclient.testing;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.pkitesting.CertificateBuilder.KeyUsage;
import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import org.jetbrains.annotations.Nullable;

/** Certificates made in the test JVM, for loopback TLS servers, and what is built from them. */
public final class Certificates {
  // any thread; made once, under the class lock
  private static @Nullable X509Bundle localhost;

  private Certificates() {}

  /**
   * A self-signed server certificate for {@code dnsName} (its own certificate authority, so a
   * client can trust it alone), to finish with more names and {@code buildSelfSigned()}.
   */
  public static CertificateBuilder selfSigned(String dnsName) {
    return new CertificateBuilder()
        .subject("CN=" + dnsName)
        .addSanDnsName(dnsName)
        .setIsCertificateAuthority(true)
        .setKeyUsage(true, KeyUsage.digitalSignature, KeyUsage.keyCertSign)
        .addExtendedKeyUsageServerAuth()
        .ecp256();
  }

  /** The certificate for {@code localhost} and 127.0.0.1, made once per test JVM. */
  public static synchronized X509Bundle localhost() throws Exception {
    X509Bundle cert = localhost;
    if (cert == null) {
      cert = selfSigned("localhost").addSanIpAddress("127.0.0.1").buildSelfSigned();
      localhost = cert;
    }
    return cert;
  }

  /** A server context presenting {@code cert}. */
  public static SslContext serverContext(X509Bundle cert) throws Exception {
    return SslContextBuilder.forServer(cert.toKeyManagerFactory()).build();
  }

  /** A client context that trusts {@code cert} alone. */
  public static SslContext trusting(X509Bundle cert) throws Exception {
    return SslContextBuilder.forClient().trustManager(cert.toTrustManagerFactory()).build();
  }

  /** Whether {@code t} or one of its causes is a {@code type}. */
  public static boolean causedBy(@Nullable Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }
}
