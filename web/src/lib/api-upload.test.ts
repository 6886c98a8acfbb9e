import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { ACCESS_TOKEN_STORAGE_KEY } from "@/lib/access-token";
import { ApiError } from "@/lib/api-client";
import { apiUpload, type UploadProgress } from "@/lib/api-upload";
import { FakeXhr } from "@/testing/fake-xhr";

beforeEach(() => {
  FakeXhr.last = undefined;
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
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["POST", "/api/admin/import/products", body]);
    const headers = new Headers(xhr.headers);
    expect(headers.get("content-type")).toBe("text/csv");
    expect(headers.get("authorization")).toBe("Bearer tok-9");
    xhr.progress(5, 10);
    xhr.respond(200, { rows: 3 });
    await expect(answer).resolves.toEqual({ rows: 3 });
    expect(progress).toEqual([{ loaded: 5, total: 10 }]);
  });

  it("turns a problem answer into an ApiError with its title and field errors", async () => {
    const answer = apiUpload("/uploads", new FormData());
    FakeXhr.last!.respond(400, { title: "The file is not an image.", errors: { file: "JPEG, PNG or WebP" } });
    const error = (await answer.catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.title, error.errors]).toEqual([
      400,
      "The file is not an image.",
      { file: "JPEG, PNG or WebP" },
    ]);
  });

  it("checks the answer against its schema, and calls one that does not match unreadable", async () => {
    const schema = z.object({ path: z.string().min(1) });
    const good = apiUpload("/uploads", new FormData(), { schema });
    FakeXhr.last!.respond(201, { path: "/uploads/a.webp", extra: true });
    await expect(good).resolves.toEqual({ path: "/uploads/a.webp" });

    const empty = apiUpload("/uploads", new FormData(), { schema });
    FakeXhr.last!.respond(201, { path: "" });
    await expect(empty).rejects.toMatchObject({ status: 0, title: expect.stringMatching(/could not read/) });
  });

  it("names the status when a proxy answers with a page that is not JSON", async () => {
    const answer = apiUpload("/uploads", new FormData());
    FakeXhr.last!.respondText(502, "<html>Bad Gateway</html>");
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
    FakeXhr.last!.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, title: expect.stringMatching(/Cannot reach/) });
  });
});
