/** Test data and a fake API for the cart's tests (not part of the app bundle). */
import type { CartLine } from "@shop/contract/cart";
import type { Quote } from "@shop/contract/money";
import { QueryClient } from "@tanstack/react-query";

import type { SessionUser } from "@/lib/session";

export const shopper: SessionUser = {
  id: "u1",
  email: "ann@example.com",
  name: "Ann",
  image: null,
  role: "user",
  emailVerified: true,
};

export function cartLine(index: number, overrides: Partial<CartLine> = {}): CartLine {
  const n = String(index).padStart(12, "0");
  return {
    _id: `0a1b2c3d-0000-4000-8000-${n}`,
    productId: `7f1c2a34-0000-4000-8000-${n}`,
    variantId: `5e1d2c3b-0000-4000-8000-${n}`,
    options: [],
    stock: 50,
    name: `Product ${index}`,
    image: `/demo/products/product-${index}.svg`,
    price: 24.99,
    compareAtPrice: null,
    savingPercent: 0,
    priceWhenAdded: null,
    quantity: 1,
    total: 24.99,
    email: shopper.email,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": type, ...headers } });
}

/**
 * A fake of the cart API over `lines`: GET /api/carts/{email} (limit/offset, X-Total-Count,
 * X-Item-Count), PUT /api/cart/{productId} answering `added`, DELETE /api/cart/{id}.
 */
export function fakeCartApi(lines: CartLine[], added?: CartLine): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://shop.test");
    const method = init?.method ?? "GET";
    if (method === "GET" && url.pathname.startsWith("/api/carts/")) {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 100);
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      return jsonResponse(lines.slice(offset, offset + limit), 200, {
        "X-Total-Count": String(lines.length),
        "X-Item-Count": String(units),
      });
    }
    if (method === "PUT" && added) {
      const index = lines.findIndex((line) => line._id === added._id);
      if (index === -1) lines.unshift(added);
      else lines[index] = added;
      return jsonResponse(added);
    }
    if (method === "DELETE") {
      const id = decodeURIComponent(url.pathname.split("/").at(-1) ?? "");
      const index = lines.findIndex((line) => line._id === id);
      if (index === -1)
        return jsonResponse({ title: "Not Found", status: 404, detail: "Your cart has no such line." }, 404);
      lines.splice(index, 1);
      return jsonResponse({ deletedCount: 1 });
    }
    if (method === "POST" && url.pathname === "/api/cart/quote") {
      return jsonResponse(
        fakeQuote(lines, JSON.parse(String(init?.body ?? "{}")) as { couponCode?: string }),
      );
    }
    return jsonResponse({ title: "Not Found", status: 404 }, 404);
  };
}

const STANDARD_SHIPPING = "0d5b7e0a-0000-4000-8000-000000000001";

/**
 * The demo shop's pricing, as the server quotes it: Standard shipping ($4.99, free from $50), 10 %
 * tax included in the prices, and one code, SAVE10 (10 % off); any other code is not valid.
 */
export function fakeQuote(lines: readonly CartLine[], { couponCode }: { couponCode?: string }): Quote {
  const cents = (dollars: number) => Math.round(dollars * 100);
  const subtotal = lines.reduce((sum, line) => sum + cents(line.total), 0);
  const applied = couponCode === "SAVE10";
  const discount = applied ? Math.round(subtotal / 10) : 0;
  const shipping = subtotal - discount >= 5_000 ? 0 : 499;
  const total = subtotal - discount + shipping;
  const tax = total - Math.round(total / 1.1);
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    shipping: shipping / 100,
    tax: tax / 100,
    taxIncluded: true,
    total: total / 100,
    shippingMethodId: STANDARD_SHIPPING,
    shippingMethods: [
      {
        _id: STANDARD_SHIPPING,
        name: "Standard",
        description: "3–5 working days",
        price: 4.99,
        freeFrom: 50,
        active: true,
        sortOrder: 0,
        cost: shipping / 100,
      },
    ],
    coupon: couponCode
      ? { code: couponCode, applied, message: applied ? null : "This code is not valid." }
      : null,
    taxRate: 10,
  };
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}
