import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useCartCount } from "@/features/cart/hooks/use-cart-count";
import { cartLine, fakeCartApi, shopper, testQueryClient } from "@/features/cart/testing/fixtures";
import { useAddToCart } from "@/lib/cart";
import type { SessionUser } from "@/lib/session";

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock(import("@/lib/session"), async (importOriginal) => ({
  ...(await importOriginal()),
  useSession: () => ({ user: session.user, isPending: false, error: null, retry: () => {} }),
}));
vi.mock("@/lib/toast", () => ({ notifyAdded: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

let queryClient = testQueryClient();
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  fetchMock.mockReset();
  queryClient = testQueryClient();
  vi.stubGlobal("fetch", fetchMock);
  session.user = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the cart badge (useCartCount)", () => {
  it("is 0 and asks nothing when signed out", () => {
    const { result } = renderHook(() => useCartCount(), { wrapper });
    expect(result.current).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts the units of every line, and follows an add at once", async () => {
    session.user = shopper;
    const lines = [cartLine(1, { quantity: 2, total: 49.98 })];
    const added = cartLine(2, { quantity: 3, total: 74.97 });
    fetchMock.mockImplementation(fakeCartApi(lines, added));
    const { result } = renderHook(() => ({ count: useCartCount(), add: useAddToCart() }), { wrapper });

    await waitFor(() => expect(result.current.count).toBe(2));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/api/carts/ann%40example.com?limit=100&offset=0");

    act(() => result.current.add.addToCart(added.productId, 3));
    await waitFor(() => expect(result.current.count).toBe(5));
  });

  it("reads a cart longer than one page whole", async () => {
    session.user = shopper;
    const lines = Array.from({ length: 101 }, (_, i) => cartLine(i));
    fetchMock.mockImplementation(fakeCartApi(lines));
    const { result } = renderHook(() => useCartCount(), { wrapper });

    await waitFor(() => expect(result.current).toBe(101));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
