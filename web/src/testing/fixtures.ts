/** Test data for the web tests (not part of the app bundle). */
import type { Order } from "@shop/contract/orders";
import { QueryClient } from "@tanstack/react-query";

export function order(number: number, overrides: Partial<Order> = {}): Order {
  const n = String(number).padStart(12, "0");
  return {
    _id: `5e6f7a8b-0000-4000-8000-${n}`,
    number,
    email: "ann@example.com",
    status: "paid",
    total: 49.98,
    createdAt: "2025-06-03T12:15:00.000Z",
    delivery: { name: "Ann Lee", address: "1 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
    payment: {
      provider: "test",
      reference: `test_${n}`,
      last4: "4242",
      status: "paid",
      checkoutUrl: null,
      holdExpiresAt: null,
      flag: null,
    },
    lines: [
      {
        _id: `8a2d3b45-0000-4000-8000-${n}`,
        productId: `7f1c2a34-0000-4000-8000-${n}`,
        variantId: `5e1d2c3b-0000-4000-8000-${n}`,
        options: [{ name: "Size", value: "M" }],
        name: "Aviator Chronograph Watch",
        image: "/demo/products/watch.svg",
        price: 24.99,
        compareAtPrice: null,
        quantity: 2,
        total: 49.98,
        shipped: 0,
      },
    ],
    money: {
      subtotal: 49.98,
      discount: 0,
      shipping: 0,
      tax: 0,
      taxIncluded: true,
      total: 49.98,
      shippingMethod: null,
      couponCode: null,
      refunded: 0,
    },
    refunds: [],
    returns: [],
    deliveredAt: null,
    shipments: [],
    documents: [],
    ...overrides,
  };
}

/** An order placed with Stripe Checkout, awaiting its payment on Stripe's page. */
export function awaitingStripeOrder(number: number): Order {
  return order(number, {
    status: "awaiting_payment",
    payment: {
      provider: "stripe",
      reference: "",
      last4: "",
      status: "awaiting",
      checkoutUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
      holdExpiresAt: "2025-06-03T12:45:00.000Z",
      flag: null,
    },
  });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const type = status >= 400 ? "application/problem+json" : "application/json";
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": type, ...headers } });
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}
