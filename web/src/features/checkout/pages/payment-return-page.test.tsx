import type { Order } from "@shop/contract/orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { PaymentReturnPage } from "@/features/checkout/pages/payment-return-page";
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
