package org.asynchttpclient.netty.request;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelFuture;
import java.nio.file.Path;
import java.util.Objects;
import org.asynchttpclient.netty.request.body.NettyBody;
import org.asynchttpclient.netty.request.body.TestConfig;
import org.asynchttpclient.netty.request.body.Wire;
import org.asynchttpclient.netty.request.body.WireFixture;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the two factory tests share: a factory on the default config, the channel of {@link
 * WireFixture}, and a reader of the exact bytes a built request puts on the wire. A base class rather
 * than a helper, so that JUnit provides the temporary folder for both.
 */
abstract class FactoryWire extends WireFixture {
  /** The headers every request gets from the default config, in the order they are written. */
  static final String DEFAULTS = "accept: */*\r\nuser-agent: AHC/test\r\n";

  final NettyRequestFactory factory = new NettyRequestFactory(TestConfig.defaults());

  @TempDir Path dir;

  /** Writes the request as the engine would (head, then body) and returns the exact bytes on the wire. */
  String wire(NettyRequest request) {
    assertTrue(channel.writeAndFlush(request.getHttpRequest()).isSuccess());
    NettyBody body = request.getBody();
    if (body != null) {
      ChannelFuture done = body.write(channel);
      channel.runPendingTasks();
      assertTrue(done.isSuccess(), () -> "body write failed: " + done.cause());
    }
    return Wire.drain(channel);
  }

  static NettyBody bodyOf(NettyRequest request) {
    return Objects.requireNonNull(request.getBody(), "request has no body");
  }
}
