import { uploadResponseSchema } from "@shop/contract/admin";

import { apiUpload, type UploadOptions } from "@/lib/api-upload";

export type { UploadProgress } from "@/lib/api-upload";
export type UploadImageOptions = Pick<UploadOptions, "onProgress" | "signal">;

/**
 * POST /api/uploads: one image as multipart field "file" (JPEG, PNG or WebP, at most 5 MB);
 * answers its path ("/uploads/<uuid>.webp"). Reports its progress; aborting (the signal) rejects
 * with an AbortError.
 */
export async function uploadImage(file: File, options: UploadImageOptions = {}): Promise<string> {
  const body = new FormData();
  body.append("file", file, file.name);
  const { path } = await apiUpload("/uploads", body, { ...options, schema: uploadResponseSchema });
  return path;
}
