import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { preloadPage } from "@/app/router";
import { ProductsPage } from "@/features/catalogue/pages/products-page";
import { queryClient } from "@/lib/query-client";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    Response.json(
      [
        {
          _id: "00000000-0000-4000-8000-000000000001",
          productname: "Boot One",
          price: 89,
          catagory: "shoes",
          description: "A boot.",
          image: "/demo/products/boot.svg",
        },
      ],
      { headers: { "X-Total-Count": "1" } },
    ),
  );
  // The list asks who is signed in (a shopper's cards carry the wishlist heart): nobody here,
  // and not one of the page's own requests counted below.
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith("/api/auth/get-session")
      ? Promise.resolve(Response.json(null))
      : fetchMock(input, init),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

// The first page of a visit asks for its products beside its code (lazyPage's `data`), not once
// the code has run: one round trip less before the product images can load.
describe("the first page's data", () => {
  it("is requested with the page's code, and the page shows that answer without asking again", async () => {
    window.history.replaceState(null, "", "/products?q=boot");
    await preloadPage("/products");
    expect(requestedUrls()).toEqual(["/api/products?q=boot&limit=8&offset=0"]);

    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/products?q=boot"]}>
          <ProductsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    // The list is not asked for again; the filter panel's counts are asked for once.
    expect(requestedUrls()).toEqual(["/api/products?q=boot&limit=8&offset=0", "/api/products/facets?q=boot"]);
  });

  it("asks for a category page's first products with that page's sizes", async () => {
    window.history.replaceState(null, "", "/man");
    await preloadPage("/man");
    expect(requestedUrls()).toEqual(["/api/mans/?catagory=mans&limit=8&offset=0"]);
  });

  it("asks for a product page's product, but not for the owner's preview (which asks for its own)", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    window.history.replaceState(null, "", `/aboutproduct/${id}`);
    await preloadPage(`/aboutproduct/${id}`);
    await waitFor(() => expect(requestedUrls()).toEqual([`/api/productdetail/${id}`]));

    queryClient.clear();
    fetchMock.mockClear();
    window.history.replaceState(null, "", `/aboutproduct/${id}?preview`);
    await preloadPage(`/aboutproduct/${id}`);
    await import("@/features/product/api/get-product");
    expect(requestedUrls()).toEqual([]);
  });

  it("asks for nothing on a page without a list", async () => {
    window.history.replaceState(null, "", "/blog");
    await preloadPage("/blog");
    expect(requestedUrls()).toEqual([]);
  });
});
