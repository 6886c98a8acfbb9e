import type { Product } from "@shop/contract/catalogue";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ManageProductsPage } from "@/features/admin/pages/manage-products-page";
import {
  fakeApi,
  jsonResponse,
  lastBody,
  listRoute,
  product,
  testQueryClient,
} from "@/features/admin/testing/fixtures";
import { notifyRemoved, notifyUpdated } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({
  notifyAdded: vi.fn(),
  notifyError: vi.fn(),
  notifyRemoved: vi.fn(),
  notifyUpdated: vi.fn(),
  notifyWarning: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
let products: Product[];
let queryClient: QueryClient;

const idOf = (url: URL) => decodeURIComponent(url.pathname.split("/").at(-1)!);

function productsApi() {
  return fakeApi(
    listRoute(
      "/api/admin/products",
      () => products,
      (item, q) => item.productname.toLowerCase().includes(q),
    ),
    (url, init) => {
      if ((init?.method ?? "GET") !== "GET" || !url.pathname.startsWith("/api/admin/products/"))
        return undefined;
      // As the server: 400 for what is not an id at all, 404 for an unknown one.
      if (!/^[0-9a-f-]{36}$/.test(idOf(url))) return jsonResponse({ title: "Bad Request", status: 400 }, 400);
      const found = products.find((item) => item._id === idOf(url));
      return found ? jsonResponse(found) : jsonResponse({ title: "Not Found", status: 404 }, 404);
    },
    (url, init) => {
      if (init?.method !== "PUT" || !url.pathname.startsWith("/api/product/")) return undefined;
      const saved = {
        ...products.find((item) => item._id === idOf(url))!,
        ...JSON.parse(String(init.body)),
      } as Product;
      products = products.map((item) => (item._id === saved._id ? saved : item));
      return jsonResponse(saved);
    },
    (url, init) => {
      if (init?.method !== "DELETE" || !url.pathname.startsWith("/api/deleteproduct/")) return undefined;
      products = products.filter((item) => item._id !== idOf(url));
      return jsonResponse({ deletedCount: 1 });
    },
  );
}

/** Shows the router's address, so the tests can read it. */
function Location() {
  const current = useLocation();
  return <output data-testid="location">{`${current.pathname}${current.search}`}</output>;
}

const currentAddress = () => screen.getByTestId("location").textContent;

function renderPage(path = "/dashboard/manageproduct") {
  queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ManageProductsPage />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function tableRows() {
  const table = await screen.findByRole("table", { name: "Products, newest first" });
  return within(table).getAllByRole("row").slice(1);
}

beforeEach(() => {
  products = [
    product(1, { productname: "Aviator Chronograph Watch", price: 129.9, catagory: "mans", stock: 4 }),
    product(2, { productname: "Canvas Sneaker", price: 49, catagory: "shoes", stock: 0 }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(productsApi());
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyUpdated).mockClear();
  vi.mocked(notifyRemoved).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Manage Products", () => {
  it("lists image, name, category label, price and stock, with named Edit and Delete buttons", async () => {
    renderPage();
    const [watch, sneaker] = await tableRows();
    expect(within(watch!).getByRole("rowheader").textContent).toBe("Aviator Chronograph Watch");
    expect(
      within(watch!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["", "", "Active", "Men", "$ 129.90", "4", "EditDelete"]);
    expect(watch!.querySelector("img")?.getAttribute("src")).toBe("/demo/products/product-1.svg");
    within(watch!).getByRole("button", { name: "Edit Aviator Chronograph Watch" });
    within(watch!).getByRole("button", { name: "Delete Aviator Chronograph Watch" });
    expect(within(sneaker!).getByText("Out of stock")).toBeTruthy();
  });

  it("edits a product: the form is filled in, the new price is sent, 'Product updated', back to the list", async () => {
    renderPage();
    fireEvent.click(
      within((await tableRows())[0]!).getByRole("button", { name: "Edit Aviator Chronograph Watch" }),
    );
    expect(currentAddress()).toBe(`/dashboard/manageproduct?edit=${products[0]!._id}`);

    const form = await screen.findByRole("form", { name: "Edit Aviator Chronograph Watch" });
    const price = within(form).getByLabelText("Price (US$)") as HTMLInputElement;
    expect(price.value).toBe("129.90");
    expect((within(form).getByLabelText("Category") as HTMLSelectElement).value).toBe("mans");
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { name: "Edit Aviator Chronograph Watch" }),
    );
    queryClient.setQueryData(["cart", "ann@example.com"], []);

    fireEvent.change(price, { target: { value: "99.5" } });
    await act(async () => {
      fireEvent.submit(form);
    });

    await waitFor(() => expect(notifyUpdated).toHaveBeenCalledWith("Product updated"));
    expect(lastBody(fetchMock, "PUT", `/api/product/${products[0]!._id}`)).toEqual({
      productname: "Aviator Chronograph Watch",
      price: 99.5,
      catagory: "mans",
      description: "A fine product.",
      image: "/demo/products/product-1.svg",
      stock: 4,
      status: "active",
      publishAt: null,
    });
    expect(currentAddress()).toBe("/dashboard/manageproduct");
    await waitFor(async () =>
      expect(within((await tableRows())[0]!).getAllByRole("cell")[4]!.textContent).toBe("$ 99.50"),
    );
    // Carts show catalogue prices: they are stale too.
    expect(queryClient.getQueryState(["cart", "ann@example.com"])?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getAllByRole("row")[1]!).getByRole("button", {
          name: "Edit Aviator Chronograph Watch",
        }),
      ),
    );
  });

  it("closes the edit form with Cancel, sending nothing", async () => {
    renderPage(`/dashboard/manageproduct?edit=${products[1]!._id}`);
    const form = await screen.findByRole("form", { name: "Edit Canvas Sneaker" });
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    await tableRows();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("says so when the product to edit no longer exists", async () => {
    renderPage("/dashboard/manageproduct?edit=7f1c2a34-0000-4000-8000-000000000099");
    expect(await screen.findByText("This product no longer exists")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Back to products" }).at(-1)!);
    expect(await tableRows()).toHaveLength(2);
  });

  it("says the same for an address whose product id is not an id at all", async () => {
    renderPage("/dashboard/manageproduct?edit=not-an-id");
    expect(await screen.findByText("This product no longer exists")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("deletes only after confirming: 'Product deleted', the list and carts are fetched again", async () => {
    renderPage();
    const remove = within((await tableRows())[0]!).getByRole("button", {
      name: "Delete Aviator Chronograph Watch",
    });
    queryClient.setQueryData(["cart", "ann@example.com"], []);

    fireEvent.click(remove);
    const dialog = screen.getByRole("dialog", { name: "Are you sure you want to delete this item?" });
    expect(within(dialog).getByText("Aviator Chronograph Watch")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    fireEvent.click(remove);
    act(() => within(dialog).getByRole("button", { name: "Delete" }).click());

    await waitFor(() => expect(notifyRemoved).toHaveBeenCalledWith("Product deleted"));
    await waitFor(async () => expect(await tableRows()).toHaveLength(1));
    expect(screen.queryByText("Aviator Chronograph Watch")).toBeNull();
    expect(queryClient.getQueryState(["cart", "ann@example.com"])?.isInvalidated).toBe(true);
  });

  it("goes back to the last page when its only product was deleted", async () => {
    products = Array.from({ length: 11 }, (_, i) => product(i + 1));
    renderPage("/dashboard/manageproduct?page=2");
    const [only] = await waitFor(async () => {
      const rows = await tableRows();
      expect(rows).toHaveLength(1);
      return rows;
    });
    fireEvent.click(within(only!).getByRole("button", { name: "Delete Product 11" }));
    act(() => within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }).click());
    await waitFor(async () => expect(await tableRows()).toHaveLength(10));
    expect(currentAddress()).toBe("/dashboard/manageproduct");
  });
});
