/** Test data and a fake admin API for the admin pages' tests (not part of the app bundle). */
import type { AdminProduct, UserSummary } from "@shop/contract/admin";
import { QueryClient } from "@tanstack/react-query";

import type { SessionUser } from "@/lib/session";

export const admin: SessionUser = {
  id: "a1",
  email: "boss@example.com",
  name: "Boss",
  image: null,
  role: "admin",
  emailVerified: true,
};

const uuid = (prefix: string, index: number) => `${prefix}-0000-4000-8000-${String(index).padStart(12, "0")}`;

export function userSummary(index: number, overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    _id: uuid("1a2b3c4d", index),
    email: `user${index}@example.com`,
    name: `User ${index}`,
    role: "user",
    createdAt: "2024-05-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A product as Manage Products lists it (the storefront's fields, and where it stands). */
export function product(index: number, overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    _id: uuid("7f1c2a34", index),
    productname: `Product ${index}`,
    price: 24.99,
    priceMax: 24.99,
    compareAtPrice: null,
    savingPercent: 0,
    saleEndsAt: null,
    variantCount: 1,
    catagory: "gadgets",
    ratingCount: 0,
    ratingAverage: 0,
    description: "A fine product.",
    image: `/demo/products/product-${index}.svg`,
    stock: 5,
    status: "active",
    publishAt: null,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": type, ...headers } });
}

export const problem = (status: number, title: string, detail?: string, errors?: Record<string, string>) =>
  jsonResponse({ type: "about:blank", title, status, detail, errors }, status);

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/**
 * A fetch that answers from `routes` in order (the first that returns a response wins), and 404
 * for anything else. Every call is recorded by the vi.fn it is wrapped in.
 */
export function fakeApi(...routes: Route[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://shop.test");
    for (const route of routes) {
      const response = await route(url, init);
      if (response) return response;
    }
    return problem(404, "Not Found");
  };
}

/** GET {path}?q&limit&offset over `items` (filtered by `match`), with X-Total-Count. */
export function listRoute<T>(path: string, items: () => T[], match: (item: T, q: string) => boolean): Route {
  return (url, init) => {
    if ((init?.method ?? "GET") !== "GET" || url.pathname !== path) return undefined;
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const all = items().filter((item) => !q || match(item, q));
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 100);
    return jsonResponse(all.slice(offset, offset + limit), 200, { "X-Total-Count": String(all.length) });
  };
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The body of the last call to `fetchMock` with this method and path. */
export function lastBody(
  fetchMock: { mock: { calls: Parameters<typeof fetch>[] } },
  method: string,
  path: string,
) {
  const call = fetchMock.mock.calls.findLast(
    ([input, init]) =>
      (init?.method ?? "GET") === method && new URL(String(input), "http://shop.test").pathname === path,
  );
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
}
