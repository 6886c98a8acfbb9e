import type { ImportPreview, ImportResult } from "@shop/contract/desk";

import { getAccessToken } from "@/lib/access-token";
import { API_BASE_URL, ApiError } from "@/lib/api-client";

export type Progress = { loaded: number; total: number };

const NETWORK_ERROR_TITLE = "Cannot reach the shop right now. Check your connection and try again.";

function readJson(text: string): unknown {
  try {
    return text.trim() === "" ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function problemOf(status: number, body: unknown): ApiError {
  const problem = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return new ApiError({
    status,
    title: typeof problem.title === "string" ? problem.title : `The request failed (HTTP ${status}).`,
    detail: typeof problem.detail === "string" ? problem.detail : undefined,
  });
}

/**
 * POSTs a CSV file as text/csv. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which a large file needs (the progress bar).
 */
function postCsv<T>(path: string, file: File, onProgress?: (progress: Progress) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE_URL}${path}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.setRequestHeader("Accept", "application/json, application/problem+json");
    const token = getAccessToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const body = readJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) resolve(body as T);
      else reject(problemOf(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, title: NETWORK_ERROR_TITLE }));
    xhr.send(file);
  });
}

/** POST /api/admin/import/products/preview: what the file would do, and every row's errors. */
export const previewImport = (file: File, onProgress?: (progress: Progress) => void) =>
  postCsv<ImportPreview>("/admin/import/products/preview", file, onProgress);

/** POST /api/admin/import/products: all rows in one transaction, or none (422 names the rows). */
export const applyImport = (file: File, onProgress?: (progress: Progress) => void) =>
  postCsv<ImportResult>("/admin/import/products", file, onProgress);

/** Downloads a CSV export with the bearer token, and hands it to the browser as a file. */
export async function downloadCsv(path: string, query: Record<string, string> = {}): Promise<void> {
  const search = new URLSearchParams(query).toString();
  const headers = new Headers({ Accept: "text/csv, application/problem+json" });
  const token = getAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}${search ? `?${search}` : ""}`, {
      headers,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError({ status: 0, title: NETWORK_ERROR_TITLE });
  }
  if (!response.ok) throw problemOf(response.status, readJson(await response.text()));
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "export.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
