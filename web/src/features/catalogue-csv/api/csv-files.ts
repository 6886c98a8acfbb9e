import type { ImportPreview, ImportResult } from "@shop/contract/desk";

import { apiUpload, type UploadProgress } from "@/lib/api-upload";
import { downloadFile } from "@/lib/download";

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
export const downloadCsv = (path: string, query: Record<string, string> = {}) =>
  downloadFile(path, { query, accept: "text/csv", fallbackName: "export.csv" });
