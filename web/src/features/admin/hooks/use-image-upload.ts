import { UPLOAD_MAX_BYTES } from "@shop/contract/admin";
import { useCallback, useEffect, useReducer, useRef } from "react";

import { uploadImage } from "@/features/admin/api/upload-image";
import { ACCEPTED_IMAGE_TYPES } from "@/features/admin/config";
import { t } from "@/features/admin/messages";
import { getErrorMessage, isApiError } from "@/lib/api-client";

export type UploadState =
  | { status: "idle" }
  /** `percent` is undefined until the browser knows the size; 100 while the server processes it. */
  | { status: "uploading"; fileName: string; percent: number | undefined }
  | { status: "done"; fileName: string; path: string }
  | { status: "error"; fileName: string | undefined; message: string };

export type UploadAction =
  | { type: "start"; fileName: string }
  | { type: "progress"; loaded: number; total: number }
  | { type: "success"; path: string }
  | { type: "failure"; message: string; fileName?: string }
  | { type: "reset" };

export const IDLE_UPLOAD: UploadState = { status: "idle" };

/** The upload's state machine: idle → uploading (with progress) → done or error; reset at any time. */
export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case "start":
      return { status: "uploading", fileName: action.fileName, percent: undefined };
    case "progress": {
      if (state.status !== "uploading" || action.total <= 0) return state;
      const percent = Math.min(100, Math.floor((action.loaded / action.total) * 100));
      // Progress never goes backwards (events can arrive late).
      return percent > (state.percent ?? -1) ? { ...state, percent } : state;
    }
    case "success":
      return state.status === "uploading"
        ? { status: "done", fileName: state.fileName, path: action.path }
        : state;
    case "failure":
      return {
        status: "error",
        fileName: action.fileName ?? (state.status === "idle" ? undefined : state.fileName),
        message: action.message,
      };
    case "reset":
      return IDLE_UPLOAD;
  }
}

/** Why a file cannot be uploaded, before anything is sent; null when it can. */
export function checkImageFile(file: Pick<File, "type" | "size">): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return t("admin.upload.wrongType");
  if (file.size > UPLOAD_MAX_BYTES) return t("admin.upload.tooLarge");
  return null;
}

/** What the admin reads when the server refuses an upload. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413) return t("admin.upload.tooLarge");
    if (error.status === 415) return error.errors.file ?? t("admin.upload.wrongType");
    if (error.errors.file) return error.errors.file;
    return getErrorMessage(error);
  }
  return t("admin.upload.failed");
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * Uploads one product image at a time with progress: `upload(file)` checks type and size, sends
 * it and calls `onUploaded(path)` when the server has it. A new upload, `cancel()`, `reset()` or
 * unmounting stops the one under way.
 */
export function useImageUpload({ onUploaded }: { onUploaded: (path: string) => void }) {
  const [state, dispatch] = useReducer(uploadReducer, IDLE_UPLOAD);
  const controllerRef = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  useEffect(() => () => controllerRef.current?.abort(), []);

  const upload = useCallback(async (file: File) => {
    controllerRef.current?.abort();
    const problem = checkImageFile(file);
    if (problem) {
      dispatch({ type: "failure", message: problem, fileName: file.name });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    dispatch({ type: "start", fileName: file.name });
    try {
      const path = await uploadImage(file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => dispatch({ type: "progress", loaded, total }),
      });
      if (controller.signal.aborted) return;
      dispatch({ type: "success", path });
      onUploadedRef.current(path);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      dispatch({ type: "failure", message: uploadErrorMessage(error) });
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  }, []);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    dispatch({ type: "reset" });
  }, []);

  return { state, upload, cancel: reset, reset, isUploading: state.status === "uploading" };
}
