package org.asynchttpclient.util;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Tells NullAway that the annotated method leaves the named fields of its own instance non-null when it
 * returns. NullAway recognises the annotation by its simple name; AHC 3.0.11 carries it on a few builder
 * methods, so keeping it keeps the class files comparable.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface EnsuresNonNull {
  /** Names of the fields that are non-null after the method returns. */
  String[] value();
}
