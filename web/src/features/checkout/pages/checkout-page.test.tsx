import type { CartLine } from "@shop/contract/cart";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { checkoutPath } from "@/config/paths";
import { CheckoutPage } from "@/features/checkout/pages/checkout-page";
import { jsonResponse, order, testQueryClient } from "@/testing/fixtures";

const shopper = {
  id: "u1",
  email: "ann@example.com",
  name: "Ann Lee",
  image: null,
  role: "user" as const,
  emailVerified: true,
};
vi.mock("@/lib/session", () => ({
  useSession: () => ({ user: shopper, isPending: false }),
  sessionQueryOptions: { queryKey: ["session"], queryFn: () => Promise.resolve(shopper) },
}));

function cartLine(index: number, overrides: Partial<CartLine> = {}): CartLine {
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

const fetchMock = vi.fn<typeof fetch>();

const STANDARD = "5a000000-0000-4000-8000-000000000001";
const EXPRESS = "5a000000-0000-4000-8000-000000000002";
/** The server's quote for these tests: Standard $4.99 (free from $50), Express $14.99, SAVE5 takes $5. */
function fakeQuote(body: { lineIds: string[]; shippingMethodId?: string; couponCode?: string }) {
  const cents = (amount: number) => Math.round(amount * 100);
  const subtotal = cart
    .filter((line) => body.lineIds.includes(line._id))
    .reduce((sum, line) => sum + cents(line.total), 0);
  const discount = body.couponCode === "SAVE5" ? 500 : 0;
  const methods = [
    {
      _id: STANDARD,
      name: "Standard",
      description: "",
      price: 4.99,
      freeFrom: 50,
      active: true,
      sortOrder: 0,
    },
    {
      _id: EXPRESS,
      name: "Express",
      description: "",
      price: 14.99,
      freeFrom: null,
      active: true,
      sortOrder: 1,
    },
  ].map((method) => ({
    ...method,
    cost: method.freeFrom !== null && subtotal - discount >= cents(method.freeFrom) ? 0 : method.price,
  }));
  const chosen = methods.find((method) => method._id === body.shippingMethodId) ?? methods[0]!;
  const shipping = cents(chosen.cost);
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    shipping: shipping / 100,
    tax: 0,
    taxIncluded: true,
    total: (subtotal - discount + shipping) / 100,
    shippingMethodId: chosen._id,
    shippingMethods: methods,
    coupon: body.couponCode
      ? {
          code: body.couponCode,
          applied: discount > 0,
          message: discount > 0 ? null : "This code is not valid.",
        }
      : null,
    taxRate: 0,
  };
}
let cart: CartLine[];

function ConfirmationProbe() {
  const location = useLocation();
  return <p>Confirmation of {location.pathname}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/checkout", element: <CheckoutPage /> },
      { path: "/checkout/confirmation/:orderId", element: <ConfirmationProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  cart = [cartLine(1, { quantity: 2, total: 49.98 }), cartLine(2, { price: 10.5, total: 10.5 })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://shop.test");
    if (url.pathname === `/api/carts/${encodeURIComponent(shopper.email)}`) {
      return jsonResponse(cart, 200, { "X-Total-Count": String(cart.length) });
    }
    if (url.pathname.startsWith("/api/updateprofile/")) {
      return jsonResponse({
        email: shopper.email,
        city: "Dhaka",
        qualification: "",
        phone: "+8801711000000",
      });
    }
    if (url.pathname === "/api/cart/quote") return jsonResponse(fakeQuote(JSON.parse(String(init?.body))));
    if (url.pathname === "/api/payment-info")
      return jsonResponse({ provider: "test", flow: "card", testMode: false, testCards: [] });
    if (url.pathname === "/api/orders" && init?.method === "POST") return jsonResponse(order(1001), 201);
    return jsonResponse({ title: "Not Found", status: 404 }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = () => screen.findByRole("region", { name: "Your order" });

describe("the checkout page", () => {
  it("checks out only the line named in the address (a line's Pay button)", async () => {
    renderAt(checkoutPath([cart[1]!._id]));
    const lines = within(await summary()).getByRole("list", { name: "Products to buy" });
    expect(
      within(lines)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Product 21 × $ 10.50Line total $ 10.50"]);
    // $10.50 and Standard shipping $4.99, as the server prices it.
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$ 15.49"));
    expect(screen.getByTestId("money-shipping").textContent).toBe("$ 4.99");
    expect(screen.getByRole("button", { name: /Pay \$ 15\.49/ })).toBeTruthy();
    expect(screen.getByText("1 product, 1 item")).toBeTruthy();
  });

  it("checks out the whole cart without lines in the address (Checkout)", async () => {
    renderAt(checkoutPath());
    await summary();
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$ 60.48"));
    expect(screen.getByTestId("money-shipping").textContent).toBe("Free");
    expect(screen.getByText("2 products, 3 items")).toBeTruthy();
    // No test mode: no TEST MODE notice.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/payment-info")).toBe(true));
    expect(screen.queryByText("TEST MODE")).toBeNull();
  });

  it("prefills the delivery address from the session and the profile", async () => {
    renderAt(checkoutPath());
    await summary();
    expect((screen.getByLabelText(/^Name/, { selector: "input" }) as HTMLInputElement).value).toBe("Ann Lee");
    expect((screen.getByLabelText(/^City/, { selector: "input" }) as HTMLInputElement).value).toBe("Dhaka");
    expect((screen.getByLabelText(/^Phone No\./, { selector: "input" }) as HTMLInputElement).value).toBe(
      "+8801711000000",
    );
  });

  it("says so when the line is no longer in the cart", async () => {
    renderAt(checkoutPath(["0a1b2c3d-0000-4000-8000-999999999999"]));
    expect(await screen.findByText("This item is no longer in your cart")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your cart" }).getAttribute("href")).toBe("/cart");
    expect(screen.queryByRole("form", { name: "Checkout" })).toBeNull();
  });

  it("has nothing to check out with an empty cart", async () => {
    cart = [];
    renderAt(checkoutPath());
    expect(await screen.findByText("There is nothing to check out")).toBeTruthy();
  });

  it("shows the cart's loading error with a retry", async () => {
    let fail = true;
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith("/api/carts/") && fail
        ? jsonResponse({ title: "Internal Server Error", status: 500 }, 500)
        : real(input, init),
    );
    renderAt(checkoutPath());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load your cart");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await summary();
  });

  it("goes to the confirmation only after the server placed the order", async () => {
    const router = renderAt(checkoutPath([cart[0]!._id]));
    await summary();
    const input = (label: RegExp) => screen.getByLabelText(label, { selector: "input" });
    fireEvent.change(input(/^Address/), { target: { value: "1 Harbour Road" } });
    fireEvent.change(input(/^Card number/), { target: { value: "4242424242424242" } });
    fireEvent.change(input(/^Expiry date/), { target: { value: "12/39" } });
    fireEvent.change(input(/^CVC/), { target: { value: "123" } });
    fireEvent.click(await screen.findByRole("button", { name: /Pay \$ 54\.97/ }));

    expect(await screen.findByText(`Confirmation of /checkout/confirmation/${order(1001)._id}`)).toBeTruthy();
    expect(router.state.location.state).toEqual({ order: order(1001) });
    // Replaced: Back does not return to a checkout of lines that are gone.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("prices Express and a discount code on the server, explains a refused code, and sends both with the order", async () => {
    renderAt(checkoutPath([cart[0]!._id]));
    await summary();
    fireEvent.click(await screen.findByRole("radio", { name: /Express/ }));
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$ 64.97"));
    const code = screen.getByLabelText("Discount code", { selector: "input" });
    fireEvent.change(code, { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code is not valid.")).toBeTruthy();
    fireEvent.change(code, { target: { value: "save5" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("SAVE5 applied.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$ 59.97"));
    expect(screen.getByTestId("money-discount").textContent).toBe("−$ 5.00");

    const input = (label: RegExp) => screen.getByLabelText(label, { selector: "input" });
    fireEvent.change(input(/^Address/), { target: { value: "1 Harbour Road" } });
    fireEvent.change(input(/^Card number/), { target: { value: "4242424242424242" } });
    fireEvent.change(input(/^Expiry date/), { target: { value: "12/39" } });
    fireEvent.change(input(/^CVC/), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: /Pay \$ 59\.97/ }));
    await screen.findByText(/Confirmation of/);
    const placed = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/orders" && init?.method === "POST",
    );
    expect(JSON.parse(String(placed![1]!.body))).toMatchObject({
      shippingMethodId: EXPRESS,
      couponCode: "SAVE5",
    });
  });
});
