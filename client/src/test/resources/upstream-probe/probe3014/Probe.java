package probe3014;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.net.SocketAddress;
import org.asynchttpclient.AsyncCompletionHandlerBase;
import org.asynchttpclient.AsyncHandler;
import org.asynchttpclient.AsyncHttpClientConfig;
import org.asynchttpclient.DefaultAsyncHttpClientConfig;
import org.asynchttpclient.HttpResponseStatus;
import org.asynchttpclient.Realm;
import org.asynchttpclient.Request;
import org.asynchttpclient.RequestBuilder;
import org.asynchttpclient.RequestBuilderBase;
import org.asynchttpclient.Response;
import org.asynchttpclient.ResponseBodyControl;
import org.asynchttpclient.config.AsyncHttpClientConfigDefaults;
import org.asynchttpclient.cookie.PublicSuffixList;
import org.asynchttpclient.handler.RedirectRefusedException;
import org.asynchttpclient.netty.EagerResponseBodyPart;
import org.asynchttpclient.uri.Uri;
import org.asynchttpclient.util.AuthenticatorUtils;
import org.asynchttpclient.util.HttpConstants;
import org.asynchttpclient.util.HttpUtils;

/**
 * Compiled at test time against AHC 3.0.14's jar, then run against ahc-deadline's classes (see
 * Upstream3014LinkageTest). Each public static method without parameters uses one member AHC 3.0.13
 * or 3.0.14 added to the public API, as code compiled against 3.0.14 does, and returns what it got;
 * a member missing here, or of another type or kind, fails it with a LinkageError
 * (NoSuchMethodError, NoSuchFieldError, NoClassDefFoundError, AbstractMethodError,
 * IncompatibleClassChangeError). String constants are inlined by javac and so never link: they are
 * here for the compile only, and checked by Upstream3014ApiTest.
 */
public final class Probe {
  private Probe() {}

  private static DefaultAsyncHttpClientConfig config() {
    return new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null).build();
  }

  private static RequestBuilder request() {
    return new RequestBuilder().setUrl("http://127.0.0.1/");
  }

  // ---- AsyncHttpClientConfig and its defaults [13], [14]

  public static Object configInterfaceGetMaxDecompressedResponseSize() {
    AsyncHttpClientConfig c = config();
    return c.getMaxDecompressedResponseSize();
  }

  public static Object configInterfaceGetWebSocketMaxDecompressedFrameSize() {
    AsyncHttpClientConfig c = config();
    return c.getWebSocketMaxDecompressedFrameSize();
  }

  public static Object configInterfaceIsUseEventLoopTimeouts() {
    AsyncHttpClientConfig c = config();
    return c.isUseEventLoopTimeouts();
  }

  public static Object configInterfaceIsUseAbsoluteRequestDeadline() {
    AsyncHttpClientConfig c = config();
    return c.isUseAbsoluteRequestDeadline();
  }

  public static Object configInterfaceIsRefuseSchemeDowngradeOnRedirect() {
    AsyncHttpClientConfig c = config();
    return c.isRefuseSchemeDowngradeOnRedirect();
  }

  public static Object configInterfaceIsRefuseCrossOriginBodyOnRedirect() {
    AsyncHttpClientConfig c = config();
    return c.isRefuseCrossOriginBodyOnRedirect();
  }

  public static Object defaultConfigGetMaxDecompressedResponseSize() {
    return config().getMaxDecompressedResponseSize();
  }

  public static Object defaultConfigGetWebSocketMaxDecompressedFrameSize() {
    return config().getWebSocketMaxDecompressedFrameSize();
  }

  public static Object defaultConfigFlags() {
    DefaultAsyncHttpClientConfig c = config();
    return "" + c.isUseEventLoopTimeouts() + c.isUseAbsoluteRequestDeadline()
        + c.isRefuseSchemeDowngradeOnRedirect() + c.isRefuseCrossOriginBodyOnRedirect();
  }

  public static Object builderSetMaxDecompressedResponseSize() {
    return new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null)
        .setMaxDecompressedResponseSize(1234L).build().getMaxDecompressedResponseSize();
  }

  public static Object builderSetWebSocketMaxDecompressedFrameSize() {
    return new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null)
        .setWebSocketMaxDecompressedFrameSize(4321).build().getWebSocketMaxDecompressedFrameSize();
  }

  public static Object builderSetTimeoutAndRedirectFlags() {
    return new DefaultAsyncHttpClientConfig.Builder().setCookieStore(null)
        .setUseEventLoopTimeouts(true)
        .setUseAbsoluteRequestDeadline(true)
        .setRefuseSchemeDowngradeOnRedirect(true)
        .setRefuseCrossOriginBodyOnRedirect(true)
        .build().isRefuseCrossOriginBodyOnRedirect();
  }

  public static Object defaultsMaxDecompressedResponseSize() {
    return AsyncHttpClientConfigDefaults.MAX_DECOMPRESSED_RESPONSE_SIZE_CONFIG + "="
        + AsyncHttpClientConfigDefaults.defaultMaxDecompressedResponseSize();
  }

  public static Object defaultsWebSocketMaxDecompressedFrameSize() {
    return AsyncHttpClientConfigDefaults.WEBSOCKET_MAX_DECOMPRESSED_FRAME_SIZE_CONFIG + "="
        + AsyncHttpClientConfigDefaults.defaultWebSocketMaxDecompressedFrameSize();
  }

  public static Object defaultsTimeoutAndRedirectFlags() {
    return AsyncHttpClientConfigDefaults.USE_EVENT_LOOP_TIMEOUTS_CONFIG
        + AsyncHttpClientConfigDefaults.USE_ABSOLUTE_REQUEST_DEADLINE_CONFIG
        + AsyncHttpClientConfigDefaults.REFUSE_SCHEME_DOWNGRADE_ON_REDIRECT_CONFIG
        + AsyncHttpClientConfigDefaults.REFUSE_CROSS_ORIGIN_BODY_ON_REDIRECT_CONFIG
        + AsyncHttpClientConfigDefaults.defaultUseEventLoopTimeouts()
        + AsyncHttpClientConfigDefaults.defaultUseAbsoluteRequestDeadline()
        + AsyncHttpClientConfigDefaults.defaultRefuseSchemeDowngradeOnRedirect()
        + AsyncHttpClientConfigDefaults.defaultRefuseCrossOriginBodyOnRedirect();
  }

  // ---- Request and its builder [14]

  public static Object requestBuilderSetUseAbsoluteRequestDeadline() {
    return request().setUseAbsoluteRequestDeadline(true).build().getUseAbsoluteRequestDeadline();
  }

  public static Object requestBuilderSetRefuseSchemeDowngradeOnRedirect() {
    return request().setRefuseSchemeDowngradeOnRedirect(true).build().getRefuseSchemeDowngradeOnRedirect();
  }

  public static Object requestBuilderSetRefuseCrossOriginBodyOnRedirect() {
    return request().setRefuseCrossOriginBodyOnRedirect(true).build().getRefuseCrossOriginBodyOnRedirect();
  }

  /** A builder of the user's, as 3.0.14 allows: it reads the protected per-request fields. */
  static final class OwnBuilder extends RequestBuilderBase<OwnBuilder> {
    OwnBuilder() {
      super("GET", false);
    }

    String fields() {
      return useAbsoluteRequestDeadline + "," + refuseSchemeDowngradeOnRedirect + ","
          + refuseCrossOriginBodyOnRedirect;
    }
  }

  public static Object requestBuilderBaseProtectedFields() {
    OwnBuilder b = new OwnBuilder();
    b.setUseAbsoluteRequestDeadline(true);
    b.setRefuseSchemeDowngradeOnRedirect(true);
    b.setRefuseCrossOriginBodyOnRedirect(false);
    return b.fields();
  }

  // ---- Response [14]

  /** A status of the user's, as 3.0.14's HttpResponseStatus asks: what an implementation provides. */
  static final class OwnStatus extends HttpResponseStatus {
    OwnStatus() {
      super(Uri.create("http://127.0.0.1/"));
    }

    @Override
    public int getStatusCode() {
      return 200;
    }

    @Override
    public String getStatusText() {
      return "OK";
    }

    @Override
    public String getProtocolName() {
      return "HTTP";
    }

    @Override
    public int getProtocolMajorVersion() {
      return 1;
    }

    @Override
    public int getProtocolMinorVersion() {
      return 1;
    }

    @Override
    public String getProtocolText() {
      return "HTTP/1.1";
    }

    @Override
    public SocketAddress getRemoteAddress() {
      return null;
    }

    @Override
    public SocketAddress getLocalAddress() {
      return null;
    }
  }

  public static Object responseGetResponseBodyAsBytesView() {
    Response.ResponseBuilder builder = new Response.ResponseBuilder();
    builder.accumulate(new OwnStatus());
    builder.accumulate(new DefaultHttpHeaders());
    builder.accumulate(new EagerResponseBodyPart(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}), true));
    Response response = builder.build();
    return response.getResponseBodyAsBytesView().length;
  }

  // ---- Redirects [14]

  public static Object redirectRefusedException() {
    Uri from = Uri.create("https://127.0.0.1/");
    RedirectRefusedException e = new RedirectRefusedException(
        RedirectRefusedException.Reason.SCHEME_DOWNGRADE, 302, from, Uri.create("http://127.0.0.1/"));
    return e.getReason() + " " + e.getStatusCode() + " " + e.getSourceUri() + " " + e.getTargetUri()
        + " " + RedirectRefusedException.Reason.CROSS_ORIGIN_BODY;
  }

  public static Object httpConstantsQuery() {
    return HttpConstants.Methods.QUERY;
  }

  // ---- util [13], [14]

  public static Object authenticatorUtilsComputeExpectedRspAuth() {
    Realm realm = new Realm.Builder("user", "pass").setScheme(Realm.AuthScheme.DIGEST).build();
    return AuthenticatorUtils.computeExpectedRspAuth(realm,
        "Digest username=\"user\", realm=\"r\", nonce=\"n\", uri=\"/\", response=\"x\"");
  }

  public static Object httpUtilsUseAbsoluteRequestDeadline() {
    Request r = request().build();
    return HttpUtils.useAbsoluteRequestDeadline(config(), r);
  }

  public static Object publicSuffixListIsPublicSuffix() {
    return Suffixes.check();
  }

  // ---- Response body flow control [14]

  public static Object asyncHandlerOnResponseBodyStart() throws Exception {
    return BodyControl.onResponseBodyStart();
  }

  public static Object responseBodyControlType() {
    return BodyControl.ownControl();
  }

  // The checks below live in classes of their own: the verifier loads the types a method's code
  // uses, so a type missing here would fail the whole Probe class instead of only these checks.

  private static final class Suffixes {
    static Object check() {
      return PublicSuffixList.isPublicSuffix("co.uk");
    }
  }

  /** A handler of the user's that takes the control, as 3.0.14 allows. */
  static final class Controlling extends AsyncCompletionHandlerBase {
    ResponseBodyControl seen;

    @Override
    public AsyncHandler.State onResponseBodyStart(ResponseBodyControl control) throws Exception {
      seen = control;
      return super.onResponseBodyStart(control);
    }
  }

  private static final class BodyControl {
    static Object onResponseBodyStart() throws Exception {
      AsyncHandler<Response> handler = new Controlling();
      return handler.onResponseBodyStart(null);
    }

    static Object ownControl() {
      ResponseBodyControl control = new ResponseBodyControl() {
        @Override
        public void suspend() {}

        @Override
        public void resume() {}

        @Override
        public void cancel() {}
      };
      control.suspend();
      return control.getClass().getInterfaces()[0].getName();
    }
  }
}
