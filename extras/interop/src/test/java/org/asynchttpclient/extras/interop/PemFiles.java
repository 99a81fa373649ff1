package org.asynchttpclient.extras.interop;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.CertificateBuilder.KeyUsage;
import io.netty.pkitesting.X509Bundle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A server certificate for {@code localhost} and 127.0.0.1, made at run time (self-signed, its own
 * authority) and written as PEM for the servers: {@code cert.pem} (the chain) and {@code key.pem}
 * (PKCS#8). The client trusts it through {@code setUseInsecureTrustManager(true)}, which keeps ALPN
 * as the client negotiates it by default.
 */
final class PemFiles {
  // immutable
  final Path certificate;
  final Path privateKey;

  private PemFiles(Path certificate, Path privateKey) {
    this.certificate = certificate;
    this.privateKey = privateKey;
  }

  static PemFiles write(Path dir) throws Exception {
    X509Bundle bundle =
        new CertificateBuilder()
            .subject("CN=localhost")
            .addSanDnsName("localhost")
            .addSanIpAddress("127.0.0.1")
            .setIsCertificateAuthority(true)
            .setKeyUsage(true, KeyUsage.digitalSignature, KeyUsage.keyCertSign)
            .addExtendedKeyUsageServerAuth()
            .ecp256()
            .buildSelfSigned();
    Path cert = Files.writeString(dir.resolve("cert.pem"), bundle.getCertificatePathPEM(), StandardCharsets.US_ASCII);
    Path key = Files.writeString(dir.resolve("key.pem"), bundle.getPrivateKeyPEM(), StandardCharsets.US_ASCII);
    return new PemFiles(cert, key);
  }
}
