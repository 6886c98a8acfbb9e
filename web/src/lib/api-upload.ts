import type { z } from "zod";

import {
  ApiError,
  badResponseTitle,
  buildHeaders,
  buildUrl,
  httpError,
  networkErrorTitle,
  validated,
} from "@/lib/api-client";

/*
 * File uploads, apart from api-client.ts: only the owner's pages send files, and the code every
 * shopper downloads first should not carry them.
 */

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions<T = unknown> = {
  /** The body's type; FormData brings its own. */
  contentType?: string;
  /** When given, the answer is validated with it (and typed by it), as in apiRequest. */
  schema?: z.ZodType<T>;
  /** Called as the bytes leave the browser. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with an AbortError. */
  signal?: AbortSignal;
};

/**
 * POSTs a file (or FormData) and reads the JSON answer as apiRequest does. XMLHttpRequest rather
 * than fetch: only it reports upload progress, which a picture or a large CSV file shows.
 */
export function apiUpload<T>(
  path: string,
  body: Blob | FormData,
  { contentType, schema, onProgress, signal }: UploadOptions<T> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException("The upload was cancelled.", "AbortError");
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", buildUrl(path));
    buildHeaders(undefined, contentType ? { "Content-Type": contentType } : undefined).forEach(
      (value, name) => xhr.setRequestHeader(name, value),
    );
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      let data: unknown;
      try {
        data = xhr.responseText.trim() === "" ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch (cause) {
        // A proxy's HTML error page, say: the status still says what went wrong.
        reject(
          ok
            ? new ApiError({ status: 0, title: badResponseTitle(), cause })
            : httpError(xhr.status, undefined, cause),
        );
        return;
      }
      if (!ok) {
        reject(httpError(xhr.status, data));
        return;
      }
      if (data === undefined) {
        reject(new ApiError({ status: 0, title: badResponseTitle() }));
        return;
      }
      try {
        resolve(validated(data, schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, title: networkErrorTitle() }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(cancelled());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
