package org.asynchttpclient.netty.request.body;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.util.List;
import org.asynchttpclient.request.body.generator.BoundedQueueFeedableBodyGenerator;
import org.asynchttpclient.request.body.generator.ByteArrayBodyGenerator;
import org.asynchttpclient.request.body.generator.FileBodyGenerator;
import org.asynchttpclient.request.body.generator.InputStreamBodyGenerator;
import org.asynchttpclient.request.body.generator.UnboundedQueueFeedableBodyGenerator;
import org.asynchttpclient.request.body.multipart.ByteArrayPart;
import org.asynchttpclient.request.body.multipart.InputStreamPart;
import org.asynchttpclient.request.body.multipart.StringPart;
import org.junit.jupiter.api.Test;

class BodyReplayTest {

  @Test
  void inMemoryAndFileGeneratorsAreReplayable() {
    assertTrue(BodyReplay.isReplayable(new ByteArrayBodyGenerator(new byte[1])));
    assertTrue(BodyReplay.isReplayable(new FileBodyGenerator(new File("x"), 0, 1)));
  }

  @Test
  void streamFeedAndUnknownGeneratorsAreNot() {
    assertFalse(BodyReplay.isReplayable(new InputStreamBodyGenerator(new ByteArrayInputStream(new byte[1]))));
    assertFalse(BodyReplay.isReplayable(new UnboundedQueueFeedableBodyGenerator()));
    assertFalse(BodyReplay.isReplayable(new BoundedQueueFeedableBodyGenerator(1)));
    assertFalse(
        BodyReplay.isReplayable(() -> new ByteArrayBodyGenerator(new byte[1]).createBody()));
  }

  @Test
  void partsAreReplayableUnlessOneReadsAStream() {
    assertTrue(BodyReplay.isReplayable(List.of(new StringPart("a", "b"), new ByteArrayPart("c", new byte[1]))));
    assertFalse(
        BodyReplay.isReplayable(
            List.of(
                new StringPart("a", "b"),
                new InputStreamPart("s", new ByteArrayInputStream(new byte[1]), "f"))));
  }
}
