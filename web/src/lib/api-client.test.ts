import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ACCESS_TOKEN_STORAGE_KEY } from "@/lib/access-token";
import { api, ApiError } from "@/lib/api-client";

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, init: ResponseInit & { contentType?: string } = {}) {
  const { contentType = "application/json", ...rest } = init;
  return new Response(JSON.stringify(body), {
    ...rest,
    headers: { "Content-Type": contentType, ...(rest.headers as Record<string, string>) },
  });
}

function sentRequest() {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("sends the stored access token as a bearer header, when one is stored", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "tok-123");
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));

    await api.get("/products");

    expect(sentRequest().url).toBe("/api/products");
    expect(sentRequest().headers.get("Authorization")).toBe("Bearer tok-123");
  });

  it("sends no authorization header without a stored token", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([]));
    await api.get("/products");
    expect(sentRequest().headers.has("Authorization")).toBe(false);
  });

  it("sends a JSON body and query parameters, leaving out empty values", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ modifiedCount: 1 }));

    const result = await api.put<{ modifiedCount: number }>(
      "/cart/p1",
      { quantity: 2 },
      { query: { a: 1, b: undefined, c: "x y" } },
    );

    expect(result.modifiedCount).toBe(1);
    expect(sentRequest().url).toBe("/api/cart/p1?a=1&c=x+y");
    expect(sentRequest().init.method).toBe("PUT");
    expect(sentRequest().init.body).toBe('{"quantity":2}');
    expect(sentRequest().headers.get("Content-Type")).toBe("application/json");
  });

  it("turns a problem+json answer into an ApiError with title, detail and field errors", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          type: "about:blank",
          title: "Validation failed",
          status: 400,
          detail: "Check the highlighted fields.",
          errors: { price: "Price must be positive" },
        },
        { status: 400, contentType: "application/problem+json" },
      ),
    );

    const error = await api.post("/addproduct", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      title: "Validation failed",
      detail: "Check the highlighted fields.",
      message: "Check the highlighted fields.",
      errors: { price: "Price must be positive" },
    });
  });

  it("gives a sensible message when an error answer is not JSON", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }),
    );

    const error = await api.get("/products").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502 });
    expect((error as ApiError).message).toMatch(/trouble/i);
  });

  it("reports a network failure as an ApiError with status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));

    const error = await api.get("/products").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).message).toMatch(/connection/i);
  });

  it("reports an unreadable success body as an ApiError", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("not json", { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    await expect(api.get("/products")).rejects.toBeInstanceOf(ApiError);
  });

  it("reads the full count of a list from the X-Total-Count header", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse([{ id: 1 }, { id: 2 }], { headers: { "X-Total-Count": "42" } }),
    );

    const result = await api.list<{ id: number }>("/products", { query: { limit: 2 } });

    expect(result).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 42 });
  });

  it("falls back to the page length when a list has no X-Total-Count header", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([{ id: 1 }]));
    const result = await api.list("/reviews");
    expect(result.total).toBe(1);
  });
});
