import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ManPage } from "@/features/catalogue/pages/man-page";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

const fetchMock = vi.fn<typeof fetch>();
/** The page also asks for facet counts (GET /api/products/facets); they are answered apart. */
const facetRequests: string[] = [];
const FACETS = {
  total: 12,
  categories: [],
  priceRanges: [{ min: null, max: 25, count: 12 }],
  sizes: [
    { value: "S", count: 12 },
    { value: "M", count: 0 },
  ],
  colours: [],
  inStock: 12,
};

beforeEach(() => {
  fetchMock.mockReset();
  facetRequests.length = 0;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    // The list asks who is signed in (a shopper's cards carry the wishlist heart): nobody here.
    if (url.startsWith("/api/auth/get-session")) return Promise.resolve(Response.json(null));
    if (!url.startsWith("/api/products/facets")) return fetchMock(input, init);
    facetRequests.push(url);
    return Promise.resolve(
      new Response(JSON.stringify(FACETS), { headers: { "Content-Type": "application/json" } }),
    );
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function products(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    _id: `00000000-0000-4000-8000-${String(from + i).padStart(12, "0")}`,
    productname: `Shirt ${from + i}`,
    price: 19.99,
    catagory: "mans",
    description: "A shirt.",
    image: `/demo/products/shirt-${from + i}.svg`,
  }));
}

function listResponse(items: unknown[], total: number) {
  return new Response(JSON.stringify(items), {
    headers: { "Content-Type": "application/json", "X-Total-Count": String(total) },
  });
}

function renderManPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ManPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const requestedUrl = (call: number) => String(fetchMock.mock.calls[call]?.[0]);

describe("a category's product list", () => {
  it("shows a skeleton while loading, then 8 cards, then 4 more per 'Load More...' (/man)", async () => {
    fetchMock.mockResolvedValueOnce(listResponse(products(0, 8), 12));
    fetchMock.mockResolvedValueOnce(listResponse(products(8, 4), 12));
    renderManPage();

    expect(
      screen.getAllByRole("status").some((status) => status.textContent?.includes("Loading products…")),
    ).toBe(true);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(8));
    expect(requestedUrl(0)).toBe("/api/mans/?catagory=mans&limit=8&offset=0");
    expect(screen.getByText("Showing 8 of 12 products")).toBeTruthy();
    // The counts are for the page's own category.
    expect(facetRequests[0]).toBe("/api/products/facets?catagory=mans");
    expect(screen.getByRole("radio", { name: "Under $25 12 products" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Load More..." }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    expect(requestedUrl(1)).toBe("/api/mans/?catagory=mans&limit=4&offset=8");
    expect(screen.queryByRole("button", { name: "Load More..." })).toBeNull();
  });

  it("offers the category's sizes with their counts, crosses out one that would leave none, and asks for the chosen size", async () => {
    fetchMock.mockResolvedValue(listResponse(products(0, 8), 12));
    renderManPage();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(8));
    const sizes = screen.getByRole("group", { name: "Size" });
    const small = within(sizes).getByRole("radio", { name: "S 12 products" });
    const medium = within(sizes).getByRole("radio", { name: "M 0 products" }) as HTMLInputElement;
    expect(medium.disabled).toBe(true);
    expect(medium.closest("label")?.className).toContain("line-through");
    // No colours among these products: no colour choice.
    expect(screen.queryByRole("group", { name: "Colour" })).toBeNull();
    fireEvent.click(small);
    await waitFor(() => expect(facetRequests.at(-1)).toBe("/api/products/facets?catagory=mans&size=S"));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/mans/?catagory=mans&limit=8&offset=0&size=S");
    expect((within(sizes).getByRole("radio", { name: "Any size" }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows the error with a retry that loads the list", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ title: "Service Unavailable", status: 503 }), {
        status: 503,
        headers: { "Content-Type": "application/problem+json" },
      }),
    );
    fetchMock.mockResolvedValueOnce(listResponse(products(0, 2), 2));
    renderManPage();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load the products");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says so when the category is empty", async () => {
    fetchMock.mockResolvedValueOnce(listResponse([], 0));
    renderManPage();
    expect(await screen.findByText("Nothing here yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse all products" }).getAttribute("href")).toBe("/products");
  });

  it("speaks Bengali on a Bengali page", async () => {
    const catalogue = { en: () => import("../messages/en.json"), bn: () => import("../messages/bn.json") };
    await loadMessages("bn");
    await loadAreaMessages(catalogue);
    try {
      fetchMock.mockResolvedValueOnce(listResponse([], 0));
      renderManPage();
      expect(await screen.findByText("এখানে এখনো কিছু নেই")).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("গ্রীষ্ম সংগ্রহ খণ্ড-১");
      expect(screen.getByRole("link", { name: "সব পণ্য দেখুন" }).getAttribute("href")).toBe("/products");
    } finally {
      await loadMessages("en");
      await loadAreaMessages(catalogue);
    }
  });
});
