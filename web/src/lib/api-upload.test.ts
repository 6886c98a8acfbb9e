import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ACCESS_TOKEN_STORAGE_KEY } from "@/lib/access-token";
import { apiUpload, ApiError, type UploadProgress } from "@/lib/api-client";

/** A stand-in XMLHttpRequest: the test answers it (or fails it) by hand. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const csv = () => new Blob(["name,price\n"], { type: "text/csv" });

describe("apiUpload", () => {
  it("POSTs the body with its type and the bearer token, reports progress, and resolves the JSON answer", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "tok-9");
    const progress: UploadProgress[] = [];
    const body = csv();
    const answer = apiUpload<{ rows: number }>("/admin/import/products", body, {
      contentType: "text/csv",
      onProgress: (step) => progress.push(step),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["POST", "/api/admin/import/products", body]);
    expect(xhr.headers["content-type"]).toBe("text/csv");
    expect(xhr.headers.authorization).toBe("Bearer tok-9");
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    xhr.answer(200, '{"rows":3}');
    await expect(answer).resolves.toEqual({ rows: 3 });
    expect(progress).toEqual([{ loaded: 5, total: 10 }]);
  });

  it("turns a problem answer into an ApiError with its title and field errors", async () => {
    const answer = apiUpload("/uploads", new FormData());
    FakeXhr.last.answer(
      400,
      JSON.stringify({ title: "The file is not an image.", errors: { file: "JPEG, PNG or WebP" } }),
    );
    const error = (await answer.catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.title, error.errors]).toEqual([
      400,
      "The file is not an image.",
      { file: "JPEG, PNG or WebP" },
    ]);
  });

  it("names the status when a proxy answers with a page that is not JSON", async () => {
    const answer = apiUpload("/uploads", new FormData());
    FakeXhr.last.answer(502, "<html>Bad Gateway</html>");
    const error = (await answer.catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.title]).toEqual([
      502,
      "The shop is having trouble right now. Please try again shortly.",
    ]);
  });

  it("rejects with an AbortError when its signal aborts, and says when the network fails", async () => {
    const controller = new AbortController();
    const cancelled = apiUpload("/uploads", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });

    const offline = apiUpload("/uploads", new FormData());
    FakeXhr.last.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, title: expect.stringMatching(/Cannot reach/) });
  });
});
