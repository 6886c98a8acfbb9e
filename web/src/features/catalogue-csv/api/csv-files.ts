import type { ImportPreview, ImportResult } from "@shop/contract/desk";

import { apiResponse, apiUpload, type UploadProgress } from "@/lib/api-client";

export type Progress = UploadProgress;

/** POSTs a CSV file as text/csv, reporting its progress (a large file shows a progress bar). */
const postCsv = <T>(path: string, file: File, onProgress?: (progress: Progress) => void) =>
  apiUpload<T>(path, file, { contentType: "text/csv", onProgress });

/** POST /api/admin/import/products/preview: what the file would do, and every row's errors. */
export const previewImport = (file: File, onProgress?: (progress: Progress) => void) =>
  postCsv<ImportPreview>("/admin/import/products/preview", file, onProgress);

/** POST /api/admin/import/products: all rows in one transaction, or none (422 names the rows). */
export const applyImport = (file: File, onProgress?: (progress: Progress) => void) =>
  postCsv<ImportResult>("/admin/import/products", file, onProgress);

/** Downloads a CSV export with the bearer token, and hands it to the browser as a file. */
export async function downloadCsv(path: string, query: Record<string, string> = {}): Promise<void> {
  const response = await apiResponse(path, {
    query,
    headers: { Accept: "text/csv, application/problem+json" },
  });
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
