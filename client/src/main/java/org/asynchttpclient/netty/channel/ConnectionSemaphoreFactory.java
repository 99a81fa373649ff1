package org.asynchttpclient.netty.channel;

import org.asynchttpclient.AsyncHttpClientConfig;

/** Makes the {@link ConnectionSemaphore} a client uses, from its configuration. */
public interface ConnectionSemaphoreFactory {
  ConnectionSemaphore newConnectionSemaphore(AsyncHttpClientConfig config);
}
