package org.asynchttpclient.spnego;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.jetbrains.annotations.Nullable;

/**
 * Answers a JAAS login module's questions with a fixed user name and password: {@link
 * NameCallback}, {@link PasswordCallback}, and any other callback that has a one-argument method
 * called {@code passwordCallbackName} ({@code setObject} by default) taking the password as a
 * {@code char[]}, a {@code String} or an {@code Object}.
 *
 * <p>Immutable; {@link #toString()} never prints the password.
 */
public class NamePasswordCallbackHandler implements CallbackHandler {
  private static final String DEFAULT_PASSWORD_CALLBACK = "setObject";

  // immutable
  private final @Nullable String username;
  private final @Nullable String password;
  private final String passwordCallbackName;

  public NamePasswordCallbackHandler(@Nullable String username, @Nullable String password) {
    this(username, password, null);
  }

  public NamePasswordCallbackHandler(@Nullable String username, @Nullable String password,
      @Nullable String passwordCallbackName) {
    this.username = username;
    this.password = password;
    this.passwordCallbackName = passwordCallbackName != null ? passwordCallbackName : DEFAULT_PASSWORD_CALLBACK;
  }

  @Override
  public void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
    for (Callback callback : callbacks) {
      if (callback instanceof NameCallback) {
        ((NameCallback) callback).setName(username);
      } else if (callback instanceof PasswordCallback) {
        ((PasswordCallback) callback).setPassword(password == null ? null : password.toCharArray());
      } else if (!handleCallback(callback) && !setByReflection(callback)) {
        throw new UnsupportedCallbackException(callback,
            "callback " + callback.getClass().getName() + ": unsupported (expected a name or password callback,"
                + " or one with a " + passwordCallbackName + "(..) method)");
      }
    }
  }

  /**
   * A hook for subclasses: handles a callback that is neither a name nor a password callback, and
   * returns true if it did. The default handles none (the reflective {@code passwordCallbackName}
   * lookup comes after it).
   */
  protected boolean handleCallback(Callback callback) {
    return false;
  }

  private boolean setByReflection(Callback callback) throws IOException {
    for (Method m : callback.getClass().getMethods()) {
      if (!m.getName().equals(passwordCallbackName) || m.getParameterCount() != 1) {
        continue;
      }
      Class<?> type = m.getParameterTypes()[0];
      Object arg;
      if (type == char[].class) {
        arg = password == null ? null : password.toCharArray();
      } else if (type == String.class || type == Object.class) {
        arg = password;
      } else {
        continue;
      }
      try {
        m.invoke(callback, arg);
        return true;
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IOException("callback " + callback.getClass().getName() + "." + passwordCallbackName
            + " failed: " + e.getClass().getSimpleName(), e);
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "NamePasswordCallbackHandler{username=" + username + ", password="
        + (password == null ? "null" : "<redacted>") + '}';
  }
}
