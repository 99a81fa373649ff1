package org.asynchttpclient;

import org.jetbrains.annotations.Nullable;

/** An {@link AsyncCompletionHandler} whose result is the {@link Response} itself. */
public class AsyncCompletionHandlerBase extends AsyncCompletionHandler<Response> {

  public AsyncCompletionHandlerBase() {}

  @Override
  public @Nullable Response onCompleted(@Nullable Response response) throws Exception {
    return response;
  }
}
