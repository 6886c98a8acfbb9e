import { API_BASE_URL, ApiError } from "@/lib/api-client";
import { getAccessToken } from "@/lib/access-token";

export type UploadProgress = { loaded: number; total: number };

export type UploadImageOptions = {
  /** Called as the file's bytes leave the browser (XMLHttpRequest upload progress events). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

const NETWORK_ERROR_TITLE = "Cannot reach the shop right now. Check your connection and try again.";

function readJson(text: string): unknown {
  try {
    return text.trim() === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The RFC 9457 fields of a failed upload, or a plain HTTP error when the body is not one. */
function toApiError(status: number, body: unknown): ApiError {
  const problem = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  if (typeof problem.errors === "object" && problem.errors !== null) {
    for (const [field, message] of Object.entries(problem.errors)) {
      if (typeof message === "string") errors[field] = message;
    }
  }
  return new ApiError({
    status,
    title: typeof problem.title === "string" ? problem.title : `The upload failed (HTTP ${status}).`,
    detail: typeof problem.detail === "string" ? problem.detail : undefined,
    errors,
  });
}

/**
 * POST /api/uploads: one image as multipart field "file" (JPEG, PNG or WebP, at most 5 MB);
 * answers its path ("/uploads/<uuid>.webp"). XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Sends the bearer token like every other call; aborting (the signal)
 * rejects with an AbortError.
 */
export function uploadImage(file: File, { onProgress, signal }: UploadImageOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE_URL}/uploads`);
    xhr.setRequestHeader("Accept", "application/json, application/problem+json");
    const token = getAccessToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = readJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body));
        return;
      }
      const path = typeof body === "object" && body !== null ? (body as { path?: unknown }).path : undefined;
      if (typeof path === "string" && path !== "") resolve(path);
      else
        reject(
          new ApiError({
            status: 0,
            title: "The server sent a response we could not read. Please try again.",
          }),
        );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, title: NETWORK_ERROR_TITLE }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
