import type { LowStock } from "@shop/contract/desk";
import type { WaitingForStock } from "@shop/contract/marketing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { LowStockPage } from "@/features/stock/pages/low-stock-page";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

const lowStock: LowStock = {
  threshold: 5,
  items: [
    {
      productId: "00000000-0000-4000-8000-000000000001",
      variantId: "00000000-0000-4000-8000-000000000011",
      name: "Canvas Sneaker",
      options: [],
      catagory: "shoes",
      stock: 0,
      unitsSold28Days: 12,
      daysOfCover: 0,
    },
  ],
};
const waiting: WaitingForStock = [
  {
    variantId: "00000000-0000-4000-8000-000000000011",
    productId: "00000000-0000-4000-8000-000000000001",
    productName: "Canvas Sneaker",
    optionValues: [],
    stock: 0,
    waiting: 3,
  },
];

const stockCatalogues = {
  en: () => import("../messages/en.json"),
  bn: () => import("../messages/bn.json"),
};

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** The two lists the page reads; anything else is not found. */
const answer = (input: RequestInfo | URL): Promise<Response> => {
  const { pathname } = new URL(String(input), "http://shop.test");
  if (pathname === "/api/admin/low-stock") return Promise.resolve(jsonResponse(lowStock));
  if (pathname === "/api/admin/stock-alerts") return Promise.resolve(jsonResponse(waiting));
  return Promise.resolve(new Response(null, { status: 404 }));
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LowStockPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn<typeof fetch>(answer));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await loadMessages("en");
  await loadAreaMessages(stockCatalogues);
});

describe("Low Stock", () => {
  it("lists the low products and who waits for them", async () => {
    renderPage();
    expect(screen.getByRole("heading", { name: "Low Stock" })).toBeTruthy();
    expect(
      await screen.findByRole("table", { name: "Products with fewer than 5 units in stock" }),
    ).toBeTruthy();
    expect(screen.getAllByText("Out of stock").length).toBeGreaterThan(0);
    expect(await screen.findByText("waiting · out of stock")).toBeTruthy();
  });

  it("shows its texts from the Bengali catalogue", async () => {
    await loadMessages("bn");
    await loadAreaMessages(stockCatalogues);
    renderPage();
    expect(screen.getByRole("heading", { name: "কম মজুত" })).toBeTruthy();
    expect(await screen.findByRole("table", { name: "মজুতে ৫টির কম একক থাকা পণ্য" })).toBeTruthy();
    expect(await screen.findByText("জন অপেক্ষায় · মজুত শেষ")).toBeTruthy();
  });
});
