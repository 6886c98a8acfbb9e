import type { BulkPreview } from "@shop/contract/bulk-edit";
import type { Product } from "@shop/contract/catalogue";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ManageProductsPage } from "@/features/admin/pages/manage-products-page";
import {
  fakeApi,
  jsonResponse,
  lastBody,
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
let products: Product[];
/** What the preview answers (a response), and the apply's answer, released by the test. */
let previewAnswer: () => Response;
let releaseApply: ((response: Response) => void) | undefined;

const PREVIEW: BulkPreview = {
  matched: 12,
  changing: 12,
  sample: [
    {
      _id: product(1)._id,
      productname: "Product 1",
      variantCount: 1,
      before: {
        catagory: "gadgets",
        status: "active",
        publishAt: null,
        price: 10,
        priceMax: 10,
        salePrice: null,
        saleStartsAt: null,
        saleEndsAt: null,
      },
      after: {
        catagory: "gadgets",
        status: "active",
        publishAt: null,
        price: 9,
        priceMax: 9,
        salePrice: null,
        saleStartsAt: null,
        saleEndsAt: null,
      },
    },
  ],
};

function api() {
  return fakeApi(
    listRoute(
      "/api/admin/products",
      () => products,
      (item, q) => item.productname.toLowerCase().includes(q),
    ),
    (url, init) =>
      init?.method === "POST" && url.pathname === "/api/admin/products/bulk/preview"
        ? previewAnswer()
        : undefined,
    (url, init) =>
      init?.method === "POST" && url.pathname === "/api/admin/products/bulk"
        ? new Promise<Response>((resolve) => (releaseApply = resolve))
        : undefined,
    (url) =>
      url.pathname === "/api/admin/collections"
        ? jsonResponse([
            { _id: MANUAL_ID, title: "Summer Picks", kind: "manual" },
            { _id: "5c0a1b2c-0000-4000-8000-000000000002", title: "Newest", kind: "rule" },
          ])
        : undefined,
  );
}

const MANUAL_ID = "5c0a1b2c-0000-4000-8000-000000000001";

function renderPage() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={["/dashboard/manageproduct"]}>
        <ManageProductsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.findByRole("table", { name: "Products, newest first" });
const panel = () => screen.getByRole("region", { name: "Bulk edit" });
const panelLoaded = () => screen.findByRole("region", { name: "Bulk edit" });

beforeEach(() => {
  products = Array.from({ length: 12 }, (_, index) => product(index + 1, { price: 10 }));
  previewAnswer = () => jsonResponse(PREVIEW);
  releaseApply = undefined;
  fetchMock.mockReset();
  fetchMock.mockImplementation(api());
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Manage Products: bulk edit", () => {
  it("selects rows by name, then all on the page, then all 12 matching; previews a 10 % cut and applies it, showing progress and the result", async () => {
    renderPage();
    const rows = within(await table());
    expect(screen.queryByRole("region", { name: "Bulk edit" })).toBeNull();

    fireEvent.click(rows.getByRole("checkbox", { name: "Select Product 2" }));
    // The panel's code loads on the first selection.
    await panelLoaded();
    expect(within(panel()).getByText("1 product selected")).toBeTruthy();

    fireEvent.click(rows.getByRole("checkbox", { name: "Select all products on this page" }));
    expect(within(panel()).getByText("10 products selected")).toBeTruthy();
    fireEvent.click(within(panel()).getByRole("button", { name: "Select all 12 products" }));
    expect(within(panel()).getByText("All 12 products selected")).toBeTruthy();

    fireEvent.change(within(panel()).getByLabelText("Action"), { target: { value: "change-price" } });
    fireEvent.change(within(panel()).getByLabelText("Raise or lower"), { target: { value: "lower" } });
    fireEvent.change(within(panel()).getByLabelText("By (%)"), { target: { value: "10" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Preview changes" }));

    await within(panel()).findByText("12 selected; 12 will change.");
    expect(lastBody(fetchMock, "POST", "/api/admin/products/bulk/preview")).toEqual({
      selection: { kind: "filter", q: "" },
      action: { type: "change-price", percent: -10 },
    });
    const sample = within(panel()).getByRole("list", { name: "The first 1 of 12" });
    expect(within(sample).getByRole("listitem").textContent).toBe("Product 1$ 10.00 → $ 9.00");

    fireEvent.click(within(panel()).getByRole("button", { name: "Apply to 12 products" }));
    await within(panel()).findByRole("progressbar", { name: "Changing 12 products…" });
    expect(lastBody(fetchMock, "POST", "/api/admin/products/bulk")).toEqual({
      selection: { kind: "filter", q: "" },
      action: { type: "change-price", percent: -10 },
      expectedCount: 12,
    });
    releaseApply!(jsonResponse({ matched: 12, changed: 12 }));
    await within(panel()).findByText("Done: 12 products changed.");
    expect(within(panel()).queryByRole("progressbar")).toBeNull();
    // The selection is cleared and the list asked again.
    expect(rows.getByRole("checkbox", { name: "Select Product 2" })).toHaveProperty("checked", false);
  });

  it("shows the server's refusal of a preview and of an apply, and keeps the selection", async () => {
    renderPage();
    const rows = within(await table());
    fireEvent.click(rows.getByRole("checkbox", { name: "Select Product 3" }));
    await panelLoaded();
    fireEvent.change(within(panel()).getByLabelText("Action"), { target: { value: "change-price" } });
    fireEvent.change(within(panel()).getByLabelText("By (%)"), { target: { value: "-60" } });
    previewAnswer = () =>
      problem(
        422,
        "Unprocessable Content",
        "1 product would cost less than the smallest amount. Nothing was changed.",
      );
    fireEvent.click(within(panel()).getByRole("button", { name: "Preview changes" }));
    expect((await within(panel()).findByRole("alert")).textContent).toBe(
      "1 product would cost less than the smallest amount. Nothing was changed.",
    );

    previewAnswer = () => jsonResponse({ ...PREVIEW, matched: 1, changing: 1 });
    fireEvent.change(within(panel()).getByLabelText("By (%)"), { target: { value: "5" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Preview changes" }));
    fireEvent.click(await within(panel()).findByRole("button", { name: "Apply to 1 product" }));
    await waitFor(() => expect(releaseApply).toBeDefined());
    releaseApply!(problem(409, "Conflict", "The selection now holds 0 products, not 1: preview it again."));
    expect((await within(panel()).findByRole("alert")).textContent).toBe(
      "The selection now holds 0 products, not 1: preview it again.",
    );
    expect(within(panel()).getByText("1 product selected")).toBeTruthy();
  });

  it("asks for the action's value before previewing, without calling the server", async () => {
    renderPage();
    fireEvent.click(within(await table()).getByRole("checkbox", { name: "Select Product 4" }));
    await panelLoaded();
    fireEvent.click(within(panel()).getByRole("button", { name: "Preview changes" }));
    expect(within(panel()).getByRole("alert").textContent).toBe("Choose a value for the action");
    expect(lastBody(fetchMock, "POST", "/api/admin/products/bulk/preview")).toBeUndefined();
  });

  it("adds the selection to a manual collection: only manual ones are offered, the preview reads not in → in", async () => {
    renderPage();
    fireEvent.click(within(await table()).getByRole("checkbox", { name: "Select Product 1" }));
    await panelLoaded();
    fireEvent.change(within(panel()).getByLabelText("Action"), { target: { value: "add-to-collection" } });
    const choice = (await within(panel()).findByLabelText("Collection")) as HTMLSelectElement;
    expect(Array.from(choice.options).map((option) => option.textContent)).toEqual([
      "Choose a collection",
      "Summer Picks",
    ]);
    fireEvent.change(choice, { target: { value: MANUAL_ID } });
    previewAnswer = () => jsonResponse({ ...PREVIEW, matched: 1, changing: 1 });
    fireEvent.click(within(panel()).getByRole("button", { name: "Preview changes" }));
    await within(panel()).findByText("1 selected; 1 will change.");
    expect(lastBody(fetchMock, "POST", "/api/admin/products/bulk/preview")).toEqual({
      selection: { kind: "ids", ids: [product(1)._id] },
      action: { type: "add-to-collection", collectionId: MANUAL_ID },
    });
    const sample = within(panel()).getByRole("list", { name: "What changes" });
    expect(within(sample).getByRole("listitem").textContent).toBe(
      "Product 1not in “Summer Picks” → in “Summer Picks”",
    );
  });
});
