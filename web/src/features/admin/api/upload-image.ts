import { apiUpload, ApiError, type UploadOptions } from "@/lib/api-client";

export type { UploadProgress } from "@/lib/api-client";
export type UploadImageOptions = Pick<UploadOptions, "onProgress" | "signal">;

/**
 * POST /api/uploads: one image as multipart field "file" (JPEG, PNG or WebP, at most 5 MB);
 * answers its path ("/uploads/<uuid>.webp"). Reports its progress; aborting (the signal) rejects
 * with an AbortError.
 */
export async function uploadImage(file: File, options: UploadImageOptions = {}): Promise<string> {
  const body = new FormData();
  body.append("file", file, file.name);
  const { path } = await apiUpload<{ path?: unknown }>("/uploads", body, options);
  if (typeof path === "string" && path !== "") return path;
  throw new ApiError({ status: 0, title: "The server sent a response we could not read. Please try again." });
}
