package org.asynchttpclient.request.body.multipart.part;

import org.asynchttpclient.request.body.multipart.Part;

public abstract class MultipartPart<T extends Part> {
}
