package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.asynchttpclient.uri.Uri;
import org.junit.jupiter.api.Test;

class HopTargetTest {

  @Test
  void theSameUriInstanceGivesTheSameTarget() {
    Uri uri = Uri.create("http://127.0.0.1:8080/a?b=c");
    HopTarget first = HopTarget.of(uri);
    assertSame(first, HopTarget.of(uri));
    assertEquals("127.0.0.1:8080", first.hostHeader);
    assertEquals("/a?b=c", first.originForm());
  }

  @Test
  void manyUrisSharingTheTableEachGetTheirOwnTarget() {
    // More URIs than the table has slots, so some share one: each must still get its own values.
    List<Uri> uris = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      uris.add(Uri.create("http://host" + i + ".test:" + (1000 + i) + "/p" + i));
    }
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < uris.size(); i++) {
        HopTarget target = HopTarget.of(uris.get(i));
        assertEquals("host" + i + ".test:" + (1000 + i), target.hostHeader, "uri " + i);
        assertEquals("/p" + i, target.originForm(), "uri " + i);
      }
    }
  }

  @Test
  void theDefaultPortIsLeftOutOfTheHostHeader() {
    assertEquals("example.test", HopTarget.of(Uri.create("https://example.test:443/")).hostHeader);
    assertEquals("[::1]:8443", HopTarget.of(Uri.create("https://[::1]:8443/")).hostHeader);
  }
}
