import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  checkImageFile,
  IDLE_UPLOAD,
  uploadReducer,
  useImageUpload,
  type UploadState,
} from "@/features/admin/hooks/use-image-upload";
import { FakeXhr } from "@/testing/fake-xhr";

const png = (size = 1000) => new File([new Uint8Array(size)], "photo.png", { type: "image/png" });

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  window.localStorage.setItem("accesstoken", "token-123");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the upload state", () => {
  const uploading: UploadState = { status: "uploading", fileName: "photo.png", percent: undefined };

  it("goes idle → uploading → done, with the percentage of bytes sent", () => {
    let state = uploadReducer(IDLE_UPLOAD, { type: "start", fileName: "photo.png" });
    expect(state).toEqual(uploading);
    state = uploadReducer(state, { type: "progress", loaded: 256, total: 1024 });
    expect(state).toEqual({ ...uploading, percent: 25 });
    state = uploadReducer(state, { type: "progress", loaded: 1024, total: 1024 });
    expect(state).toEqual({ ...uploading, percent: 100 });
    state = uploadReducer(state, { type: "success", path: "/uploads/a.webp" });
    expect(state).toEqual({ status: "done", fileName: "photo.png", path: "/uploads/a.webp" });
  });

  it("never goes backwards, and ignores progress without a size or outside an upload", () => {
    const half = uploadReducer(uploading, { type: "progress", loaded: 50, total: 100 });
    expect(uploadReducer(half, { type: "progress", loaded: 40, total: 100 })).toBe(half);
    expect(uploadReducer(uploading, { type: "progress", loaded: 0, total: 0 })).toBe(uploading);
    expect(uploadReducer(IDLE_UPLOAD, { type: "progress", loaded: 5, total: 10 })).toBe(IDLE_UPLOAD);
    expect(uploadReducer(IDLE_UPLOAD, { type: "success", path: "/uploads/a.webp" })).toBe(IDLE_UPLOAD);
  });

  it("keeps the file's name with a failure, and resets to idle", () => {
    const failed = uploadReducer(uploading, { type: "failure", message: "Too big" });
    expect(failed).toEqual({ status: "error", fileName: "photo.png", message: "Too big" });
    expect(uploadReducer(failed, { type: "reset" })).toBe(IDLE_UPLOAD);
  });
});

describe("checkImageFile", () => {
  it("accepts JPEG, PNG and WebP up to 5 MB, and says why it refuses anything else", () => {
    expect(checkImageFile({ type: "image/jpeg", size: 10 })).toBeNull();
    expect(checkImageFile({ type: "image/webp", size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: "image/gif", size: 10 })).toBe("Choose a JPEG, PNG or WebP image");
    expect(checkImageFile({ type: "", size: 10 })).toBe("Choose a JPEG, PNG or WebP image");
    expect(checkImageFile({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe(
      "The image must be 5 MB or smaller",
    );
  });
});

describe("useImageUpload", () => {
  it("sends the file as multipart field 'file' with the bearer token, reports progress and hands over the path", async () => {
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload({ onUploaded }));

    let done!: Promise<void>;
    act(() => {
      done = result.current.upload(png());
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/uploads");
    expect(xhr.headers.Authorization).toBe("Bearer token-123");
    expect((xhr.body as FormData).get("file")).toBeInstanceOf(File);
    expect(result.current.state).toEqual({ status: "uploading", fileName: "photo.png", percent: undefined });
    expect(result.current.isUploading).toBe(true);

    act(() => xhr.progress(300, 1000));
    expect(result.current.state).toMatchObject({ status: "uploading", percent: 30 });
    act(() => xhr.progress(1000, 1000));
    expect(result.current.state).toMatchObject({ status: "uploading", percent: 100 });

    await act(async () => {
      xhr.respond(201, { path: "/uploads/0b1c.webp" });
      await done;
    });
    expect(result.current.state).toEqual({
      status: "done",
      fileName: "photo.png",
      path: "/uploads/0b1c.webp",
    });
    expect(onUploaded).toHaveBeenCalledWith("/uploads/0b1c.webp");
  });

  it("refuses a wrong type before sending anything", async () => {
    const { result } = renderHook(() => useImageUpload({ onUploaded: vi.fn() }));
    await act(() => result.current.upload(new File(["hi"], "notes.txt", { type: "text/plain" })));
    expect(FakeXhr.last).toBeUndefined();
    expect(result.current.state).toEqual({
      status: "error",
      fileName: "notes.txt",
      message: "Choose a JPEG, PNG or WebP image",
    });
  });

  it("shows the server's reason for a 415, and its own for a 413", async () => {
    const { result } = renderHook(() => useImageUpload({ onUploaded: vi.fn() }));
    let done!: Promise<void>;
    act(() => {
      done = result.current.upload(png());
    });
    await act(async () => {
      FakeXhr.last!.respond(415, {
        title: "Unsupported Media Type",
        status: 415,
        errors: { file: "Only JPEG, PNG or WebP images can be uploaded" },
      });
      await done;
    });
    expect(result.current.state).toMatchObject({
      status: "error",
      message: "Only JPEG, PNG or WebP images can be uploaded",
    });

    act(() => {
      done = result.current.upload(png());
    });
    await act(async () => {
      FakeXhr.last!.respond(413, {
        title: "Content Too Large",
        status: 413,
        detail: "request file too large",
      });
      await done;
    });
    expect(result.current.state).toMatchObject({
      status: "error",
      message: "The image must be 5 MB or smaller",
    });
  });

  it("cancels: the request is aborted, the state is idle again and nothing is handed over", async () => {
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload({ onUploaded }));
    let done!: Promise<void>;
    act(() => {
      done = result.current.upload(png());
    });
    const xhr = FakeXhr.last!;
    await act(async () => {
      result.current.cancel();
      await done;
    });
    expect(xhr.aborted).toBe(true);
    expect(result.current.state).toEqual(IDLE_UPLOAD);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("aborts the upload under way when a second file is chosen", async () => {
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload({ onUploaded }));
    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      first = result.current.upload(png());
    });
    const firstXhr = FakeXhr.last!;
    act(() => {
      second = result.current.upload(new File([new Uint8Array(10)], "other.webp", { type: "image/webp" }));
    });
    expect(firstXhr.aborted).toBe(true);
    await act(async () => {
      FakeXhr.last!.respond(201, { path: "/uploads/other.webp" });
      await Promise.all([first, second]);
    });
    expect(result.current.state).toEqual({
      status: "done",
      fileName: "other.webp",
      path: "/uploads/other.webp",
    });
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it("says the shop cannot be reached when the network fails", async () => {
    const { result } = renderHook(() => useImageUpload({ onUploaded: vi.fn() }));
    let done!: Promise<void>;
    act(() => {
      done = result.current.upload(png());
    });
    await act(async () => {
      FakeXhr.last!.onerror?.();
      await done;
    });
    expect(result.current.state).toMatchObject({
      status: "error",
      message: "Cannot reach the shop right now. Check your connection and try again.",
    });
  });
});
