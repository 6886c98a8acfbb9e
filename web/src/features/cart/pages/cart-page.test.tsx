import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { CartPage } from "@/features/cart/pages/cart-page";
import {
  cartLine,
  fakeCartApi,
  jsonResponse,
  shopper,
  testQueryClient,
} from "@/features/cart/testing/fixtures";
import { notifyError, notifyWarning } from "@/lib/toast";

vi.mock(import("@/lib/session"), async (importOriginal) => ({
  ...(await importOriginal()),
  useSession: () => ({ user: shopper, isPending: false, error: null, retry: () => {} }),
}));
vi.mock("@/lib/toast", () => ({ notifyAdded: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderCart() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The table's body rows (happy-dom loads no CSS, so the small-screen cards are there too). */
async function tableRows() {
  const table = await screen.findByRole("table", { name: "Products in your cart, newest first" });
  return within(table).getAllByRole("row").slice(1);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyWarning).mockClear();
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the cart page", () => {
  it("shows 5 lines of 11, then 10, then 11 with 'Load more...', and the total of the whole cart", async () => {
    const lines = Array.from({ length: 11 }, (_, i) =>
      cartLine(i + 1, { price: 10.1, quantity: 2, total: 20.2 }),
    );
    fetchMock.mockImplementation(fakeCartApi(lines));
    renderCart();

    expect(await tableRows()).toHaveLength(5);
    const loadMore = screen.getByRole("button", { name: "Load more..." });
    expect(screen.getByText("Showing 5 of 11 products")).toBeTruthy();

    fireEvent.click(loadMore);
    expect(await tableRows()).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Load more..." }));
    expect(await tableRows()).toHaveLength(11);
    expect(screen.queryByRole("button", { name: "Load more..." })).toBeNull();

    // 11 × 20.20 = 222.20, whatever is shown; priced by the server: free shipping, tax included.
    await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$ 222.20"));
    expect(screen.getByTestId("money-subtotal").textContent).toBe("$ 222.20");
    expect(screen.getByTestId("money-shipping").textContent).toBe("Free");
    expect(screen.getByTestId("money-tax").textContent).toBe("$ 20.20");
    expect(screen.getByText("11 products, 22 items")).toBeTruthy();
  });

  it("applies a discount code in the bag, says why another does not apply, and keeps it for checkout", async () => {
    sessionStorage.clear();
    fetchMock.mockImplementation(fakeCartApi([cartLine(1, { price: 30, quantity: 1, total: 30 })]));
    renderCart();
    await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$ 34.99"));
    expect(screen.getByTestId("money-shipping").textContent).toBe("$ 4.99");

    const code = await screen.findByRole("textbox", { name: "Discount code" });
    fireEvent.change(code, { target: { value: "nope!" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("Use 3 to 32 letters, digits, - or _");
    expect(code.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(code, { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("This code is not valid.");
    expect(code.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(code, { target: { value: "save10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("SAVE10 applied.");
    // $30 − $3 = $27, under $50: shipping is charged.
    await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$ 31.99"));
    expect(screen.getByTestId("money-discount").textContent).toBe("−$ 3.00");
    expect(sessionStorage.getItem("shop.couponCode")).toBe("SAVE10");

    fireEvent.click(screen.getByRole("button", { name: "Remove the code SAVE10" }));
    await waitFor(() => expect(screen.getByTestId("cart-total").textContent).toBe("$ 34.99"));
    expect(sessionStorage.getItem("shop.couponCode")).toBeNull();
  });

  it("has no 'Load more...' with 5 lines, and names each line's buttons after its product", async () => {
    fetchMock.mockImplementation(fakeCartApi(Array.from({ length: 5 }, (_, i) => cartLine(i + 1))));
    renderCart();

    const rows = await tableRows();
    expect(rows).toHaveLength(5);
    expect(screen.queryByRole("button", { name: "Load more..." })).toBeNull();
    const first = within(rows[0]!);
    expect(first.getByRole("rowheader").textContent).toBe("Product 1");
    expect(first.getByRole("img", { name: "Product 1" })).toBeTruthy();
    expect(first.getByRole("button", { name: "Remove Product 1" })).toBeTruthy();
    // Pay checks out this line alone; Checkout under the cart takes every line.
    const pay = first.getByRole("link", { name: "Pay for Product 1" });
    expect(pay.getAttribute("href")).toBe(`/checkout?line=${cartLine(1)._id}`);
    expect(screen.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("removes a line only after confirming, then refetches and says 'Item Deleted'", async () => {
    const lines = [cartLine(1, { name: "Aviator Chronograph Watch" }), cartLine(2)];
    const api = fakeCartApi(lines);
    fetchMock.mockImplementation(api);
    renderCart();

    const remove = within((await tableRows())[0]!).getByRole("button", {
      name: "Remove Aviator Chronograph Watch",
    });
    fireEvent.click(remove);
    const dialog = screen.getByRole("dialog", { name: "Are you sure you want to delete this item?" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    fireEvent.click(remove);
    act(() => within(dialog).getByRole("button", { name: "Delete" }).click());

    await waitFor(async () => expect(await tableRows()).toHaveLength(1));
    expect(notifyWarning).toHaveBeenCalledWith("Item Deleted");
    expect(screen.queryByRole("button", { name: "Remove Aviator Chronograph Watch" })).toBeNull();
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
    const gets = fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET");
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your cart", level: 1 }));
  });

  it("shows the empty cart with a way to the products", async () => {
    fetchMock.mockImplementation(fakeCartApi([]));
    renderCart();

    await screen.findByText("Your cart is empty");
    expect(screen.getByRole("link", { name: "Browse products" }).getAttribute("href")).toBe("/products");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows an error with a retry when the cart cannot be loaded", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ title: "Service Unavailable", status: 503 }, 503));
    renderCart();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load your cart");
    fetchMock.mockImplementation(fakeCartApi([cartLine(1)]));
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await tableRows()).toHaveLength(1);
  });
});
