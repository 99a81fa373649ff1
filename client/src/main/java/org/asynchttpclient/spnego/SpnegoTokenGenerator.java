package org.asynchttpclient.spnego;

import java.io.IOException;

/**
 * Wraps a raw Kerberos token into a SPNEGO (RFC 4178) DER object, for the rare JDK that can only
 * produce Kerberos tokens; {@link SpnegoEngine} calls it only when it had to fall back from the
 * SPNEGO mechanism to Kerberos.
 */
public interface SpnegoTokenGenerator {

  byte[] generateSpnegoDERObject(byte[] kerberosTicket) throws IOException;
}
