import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { OrderConfirmationPage } from "@/features/orders/pages/order-confirmation-page";
import { jsonResponse, testQueryClient } from "@/testing/fixtures";

const fetchMock = vi.fn<typeof fetch>();
const ORDER_ID = "7f1c2a34-0000-4000-8000-000000000042";

function renderConfirmation() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/checkout/confirmation/${ORDER_ID}`]}>
        <Routes>
          <Route path="/checkout/confirmation/:orderId" element={<OrderConfirmationPage />} />
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

describe("the order confirmation page, when the order does not come", () => {
  it("says the order cannot be found for a 404, with the way to My Orders and no retry", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ title: "Not Found", status: 404 }, 404));
    renderConfirmation();
    expect(await screen.findByText("We couldn’t find this order")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View My Orders" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the server's trouble with a retry that asks again", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ title: "Service Unavailable", status: 503, detail: "The shop is busy." }, 503),
    );
    renderConfirmation();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load this order");
    expect(alert.textContent).toContain("The shop is busy.");
    const asked = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(asked));
  });
});
