import type { CartLine } from "@shop/contract/cart";
import type { Product } from "@shop/contract/catalogue";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { cartQueryKeys, countCartItems, upsertCartLine, useAddToCart } from "@/lib/cart";
import { sessionQueryKey, type SessionUser } from "@/lib/session";
import { notifyAdded, notifyError } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const shopper: SessionUser = {
  id: "u1",
  email: "ann@example.com",
  name: "Ann",
  image: null,
  role: "user",
  emailVerified: true,
};
const PRODUCT_ID = "7f1c2a34-5b6d-4e8f-9a0b-1c2d3e4f5a6b";

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    _id: "0a1b2c3d-0000-4000-8000-000000000001",
    productId: PRODUCT_ID,
    variantId: "5e1d2c3b-0000-4000-8000-000000000001",
    options: [],
    stock: 50,
    name: "Breton Stripe T-Shirt",
    image: "/demo/products/breton-stripe-t-shirt.svg",
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

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": type, ...headers } });
}

/** A query client holding the signed-in user (null: signed out), as the app's session query does. */
function setup(user: SessionUser | null = null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQueryKey, user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

function sent(index = 0) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyAdded).mockClear();
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useAddToCart", () => {
  it("signed out: still sends the add, then says 'Please Log in First' with a Log in link back to the product", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ title: "Unauthorized", status: 401, detail: "Sign in to continue." }, 401),
    );
    const { wrapper } = setup(null);
    const { result } = renderHook(() => useAddToCart(), { wrapper });

    act(() => result.current.addToCart(PRODUCT_ID, 1));

    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith("Please Log in First", {
        action: {
          label: "Log in",
          to: `/login?redirectTo=${encodeURIComponent(`/aboutproduct/${PRODUCT_ID}`)}`,
        },
      }),
    );
    expect(sent()).toMatchObject({ url: `/api/cart/${PRODUCT_ID}`, method: "PUT", body: { quantity: "1" } });
    expect(notifyAdded).not.toHaveBeenCalled();
  });

  it("signed in: sends SPEC's payload with the chosen quantity, says so and updates the cached cart at once", async () => {
    const { queryClient, wrapper } = setup(shopper);
    const product: Product = {
      _id: PRODUCT_ID,
      productname: "Breton Stripe T-Shirt",
      price: 24.99,
      priceMax: 24.99,
      compareAtPrice: null,
      savingPercent: 0,
      saleEndsAt: null,
      variantCount: 1,
      catagory: "mans",
      ratingCount: 0,
      ratingAverage: 0,
      description: "Stripes.",
      image: "/demo/products/breton-stripe-t-shirt.svg",
      stock: 10,
    };
    queryClient.setQueryData(["products", { id: PRODUCT_ID }], product);
    const other = line({ _id: "0a1b2c3d-0000-4000-8000-000000000002", quantity: 2, total: 49.98 });
    queryClient.setQueryData(cartQueryKeys.lines(shopper.email), [other]);
    const added = line({ quantity: 3, total: 74.97 });
    fetchMock.mockResolvedValueOnce(json(added));
    const { result } = renderHook(() => useAddToCart(), { wrapper });

    act(() => result.current.addToCart(PRODUCT_ID, 3));

    await waitFor(() => expect(notifyAdded).toHaveBeenCalledWith("Item added to the cart"));
    expect(sent().body).toEqual({
      name: "Breton Stripe T-Shirt",
      image: "/demo/products/breton-stripe-t-shirt.svg",
      price: 24.99,
      email: shopper.email,
      quantity: 3,
    });
    const cached = queryClient.getQueryData<CartLine[]>(cartQueryKeys.lines(shopper.email));
    expect(cached?.map((item) => item._id)).toEqual([added._id, other._id]);
    expect(countCartItems(cached ?? [])).toBe(5);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("shows the server's reason for any other failure", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ title: "Bad Request", status: 400, detail: "A cart line holds at most 99 of one product" }, 400),
    );
    const { wrapper } = setup(shopper);
    const { result } = renderHook(() => useAddToCart(), { wrapper });

    act(() => result.current.addToCart(PRODUCT_ID, 99));

    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith("A cart line holds at most 99 of one product", {
        action: undefined,
      }),
    );
    expect(sent().body).toMatchObject({ quantity: 99, email: shopper.email });
  });
});

describe("upsertCartLine", () => {
  it("replaces a line in place when adding raised its quantity, and puts a new line first", () => {
    const a = line({ _id: "a" });
    const b = line({ _id: "b" });
    expect(upsertCartLine([a, b], { ...b, quantity: 4 }).map((l) => [l._id, l.quantity])).toEqual([
      ["a", 1],
      ["b", 4],
    ]);
    expect(upsertCartLine([a], b).map((l) => l._id)).toEqual(["b", "a"]);
  });
});
