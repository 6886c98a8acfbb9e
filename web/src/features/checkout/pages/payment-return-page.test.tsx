import type { Order } from "@shop/contract/orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { GuestPaymentReturnPage, PaymentReturnPage } from "@/features/checkout/pages/payment-return-page";
import { awaitingStripeOrder, jsonResponse, testQueryClient } from "@/testing/fixtures";

const fetchMock = vi.fn<typeof fetch>();
const awaiting = awaitingStripeOrder(1007);
const placed = awaiting;
const awaitingPayment = awaiting.payment;
const paid: Order = {
  ...awaiting,
  status: "paid",
  payment: { ...awaitingPayment, reference: "pi_1", status: "paid", checkoutUrl: null },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderReturn(search = "") {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/checkout/payment/${placed._id}${search}`]}>
        <Routes>
          <Route path="/checkout/payment/:orderId" element={<PaymentReturnPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("coming back from Stripe's page", () => {
  it("says it is confirming the payment, asks again until the event has arrived, then shows the order", async () => {
    const answers = [awaiting, awaiting, paid];
    fetchMock.mockImplementation(async () => jsonResponse(answers.length > 1 ? answers.shift() : answers[0]));
    renderReturn();
    expect(await screen.findByRole("heading", { name: "Confirming your payment…" })).toBeTruthy();
    expect((await screen.findByTestId("where", undefined, { timeout: 6_000 })).textContent).toBe(
      `/checkout/confirmation/${placed._id}`,
    );
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
  }, 10_000);

  it("says a payment that did not go through charged nothing, with the way back to checkout", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...placed,
        status: "cancelled",
        payment: { ...awaitingPayment, status: "expired", checkoutUrl: null },
      }),
    );
    renderReturn();
    expect((await screen.findByRole("alert")).textContent).toContain("Nothing was charged");
    expect(screen.getByRole("link", { name: "Back to checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("with Cancel, ends the payment on the server and returns to checkout saying so", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...placed,
        status: "cancelled",
        payment: { ...awaitingPayment, status: "cancelled", checkoutUrl: null },
      }),
    );
    renderReturn("?cancelled=1");
    expect((await screen.findByTestId("where")).textContent).toBe("/checkout?payment=cancelled");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/orders/${placed._id}/payment/cancel`);
    expect(init?.method).toBe("POST");
  });

  it("shows why the cancel failed, with a retry", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { title: "Bad Gateway", status: 502, detail: "The payment service could not be reached." },
        502,
      ),
    );
    renderReturn("?cancelled=1");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t cancel the payment");
    expect(alert.textContent).toContain("The payment service could not be reached.");
  });
});

function renderGuestReturn(cancelled = false) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/return?order=${placed._id}`]}>
        <Routes>
          <Route
            path="/return"
            element={
              <GuestPaymentReturnPage
                orderId={placed._id}
                cancelled={cancelled}
                paid={(order) => <p data-testid="receipt">{`Order #${order.number}: ${order.status}`}</p>}
              />
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a guest coming back from Stripe's page", () => {
  it("asks through the guest bag until the payment is confirmed, then shows the order there", async () => {
    const answers = [awaiting, paid];
    fetchMock.mockImplementation(async () => jsonResponse(answers.length > 1 ? answers.shift() : answers[0]));
    renderGuestReturn();
    expect(await screen.findByRole("heading", { name: "Confirming your payment…" })).toBeTruthy();
    expect((await screen.findByTestId("receipt", undefined, { timeout: 6_000 })).textContent).toBe(
      `Order #${placed.number}: paid`,
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/guest-orders/${placed._id}`);
  }, 10_000);

  it("says when this browser cannot show the order, with Find my order", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { title: "Not Found", status: 404, detail: "We cannot show this order in this browser." },
        404,
      ),
    );
    renderGuestReturn();
    const alert = await screen.findByRole("alert", undefined, { timeout: 6_000 });
    expect(alert.textContent).toContain("We cannot show this order in this browser.");
    expect(screen.getByRole("link", { name: "Find my order" }).getAttribute("href")).toBe("/order-link");
  }, 10_000);

  it("with Cancel, ends the payment and returns to the guest's bag saying so", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...placed,
        status: "cancelled",
        payment: { ...awaitingPayment, status: "cancelled", checkoutUrl: null },
      }),
    );
    renderGuestReturn(true);
    expect((await screen.findByTestId("where")).textContent).toBe("/cart?payment=cancelled");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/guest-orders/${placed._id}/payment/cancel`);
    expect(init?.method).toBe("POST");
  });

  it("offers the way back to the bag when the payment did not go through", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...placed,
        status: "cancelled",
        payment: { ...awaitingPayment, status: "expired", checkoutUrl: null },
      }),
    );
    renderGuestReturn();
    expect((await screen.findByRole("alert")).textContent).toContain("Nothing was charged");
    expect(screen.getByRole("link", { name: "Back to your bag" }).getAttribute("href")).toBe("/cart");
  });
});
