package org.asynchttpclient.request.body.multipart;

@SuppressWarnings("NullAway") // STUB: remove once implemented
public class MultipartBody implements org.asynchttpclient.request.body.RandomAccessBody {
  public MultipartBody(java.util.List<org.asynchttpclient.request.body.multipart.part.MultipartPart<? extends org.asynchttpclient.request.body.multipart.Part>> p0, java.lang.String p1, byte[] p2) { throw new UnsupportedOperationException("stub"); }
  public void close() { throw new UnsupportedOperationException("stub"); }
  public long getContentLength() { throw new UnsupportedOperationException("stub"); }
  public java.lang.String getContentType() { throw new UnsupportedOperationException("stub"); }
  public byte[] getBoundary() { throw new UnsupportedOperationException("stub"); }
  public org.asynchttpclient.request.body.Body.BodyState transferTo(io.netty.buffer.ByteBuf p0) throws java.io.IOException { throw new UnsupportedOperationException("stub"); }
  public long transferTo(java.nio.channels.WritableByteChannel p0) throws java.io.IOException { throw new UnsupportedOperationException("stub"); }
}
