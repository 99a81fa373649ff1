package org.asynchttpclient.ntlm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test suite of RFC 1320 appendix A.5, plus inputs that straddle the padding boundary. */
class Md4Test {

  @ParameterizedTest
  @CsvSource({
    "'', 31d6cfe0d16ae931b73c59d7e0c089c0",
    "a, bde52cb31de33e46245e05fbdbd6fb24",
    "abc, a448017aaf21d8525fc10ae87aa6729d",
    "message digest, d9130a8164549fe818874806e1c7014b",
    "abcdefghijklmnopqrstuvwxyz, d79e1c308aa5bbcdeea8ed63df412da9",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789, 043f8582f241db351ce627e153e7f0e4",
    "12345678901234567890123456789012345678901234567890123456789012345678901234567890,"
        + " e33b4ddc9c38f2199c3e7b164fcc0536",
  })
  void rfc1320Vectors(String input, String expectedHex) {
    assertEquals(expectedHex, Hex.of(Md4.digest(input.getBytes(StandardCharsets.US_ASCII))));
  }

  @ParameterizedTest
  @CsvSource({
    // NT hashes (MD4 of UTF-16LE) as MS-NLMP 4.2.2.1.2 and common tooling publish them.
    "Password, a4f49c406510bdcab6824ee7c30fd852",
  })
  void ntHash(String password, String expectedHex) {
    assertEquals(expectedHex, Hex.of(Md4.digest(password.getBytes(StandardCharsets.UTF_16LE))));
  }
}
