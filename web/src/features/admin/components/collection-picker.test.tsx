import type { Collection } from "@shop/contract/collections";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CollectionPicker } from "@/features/admin/components/collection-picker";
import {
  fakeApi,
  jsonResponse,
  listRoute,
  problem,
  product,
  testQueryClient,
} from "@/features/admin/testing/fixtures";

vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyRemoved: vi.fn(),
  notifyUpdated: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

const collection: Collection = {
  _id: "5c0a1b2c-0000-4000-8000-000000000001",
  slug: "summer-sale",
  title: "Summer Sale",
  description: "",
  image: null,
  kind: "manual",
  rule: { category: null, minPrice: null, maxPrice: null, onSale: false, newestN: null },
  productIds: [product(1)._id],
  createdAt: "2026-11-28T10:00:00.000Z",
  updatedAt: "2026-11-28T10:00:00.000Z",
};
const picksPath = `/api/admin/collections/${collection._id}/products`;
const products = () => [product(1), product(2, { status: "draft" })];

function renderPicker() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CollectionPicker collection={collection} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  window.localStorage.setItem("accesstoken", "token-123");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("a manual collection's product picker", () => {
  it("lists the picks in order with Remove, and the search results with Add (Added when picked)", async () => {
    fetchMock.mockImplementation(
      fakeApi(
        (url) => (url.pathname === picksPath ? jsonResponse([product(1)]) : undefined),
        listRoute("/api/admin/products", products, (item, q) => item.productname.toLowerCase().includes(q)),
      ),
    );
    renderPicker();

    const picks = await screen.findByRole("list", { name: "Products in this collection" });
    expect(picks.tagName).toBe("OL");
    expect(within(picks).getByRole("button", { name: "Remove Product 1" })).toBeTruthy();

    const results = await screen.findByRole("list", { name: "Products found" });
    expect(results.tagName).toBe("UL");
    expect(within(results).getByRole("button", { name: "Added" })).toHaveProperty("disabled", true);
    fireEvent.click(within(results).getByRole("button", { name: "Add Product 2" }));

    expect(within(picks).getByRole("button", { name: "Remove Product 2" })).toBeTruthy();
    expect(within(picks).getByText("Draft")).toBeTruthy();
    fireEvent.click(within(picks).getByRole("button", { name: "Remove Product 1" }));
    expect(within(picks).queryByRole("button", { name: "Remove Product 1" })).toBeNull();
  });

  it("says when there are no picks and no results, and shows a failed load with its retry", async () => {
    fetchMock.mockImplementation(
      fakeApi(
        (url) => (url.pathname === picksPath ? jsonResponse([]) : undefined),
        (url) =>
          url.pathname === "/api/admin/products"
            ? problem(500, "Internal Server Error", "It broke.")
            : undefined,
      ),
    );
    renderPicker();

    expect(await screen.findByText("No products picked yet: search for them below.")).toBeTruthy();
    const failure = await screen.findByRole("alert");
    expect(within(failure).getByText("The products could not load")).toBeTruthy();
    expect(within(failure).getByRole("button", { name: /try again/i })).toBeTruthy();
  });
});
