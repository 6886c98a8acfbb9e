import type { Order } from "@shop/contract/orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { OrderStatusActions } from "@/features/orders/components/order-status-actions";
import { jsonResponse, order, testQueryClient } from "@/testing/fixtures";
import { notifyError, notifyUpdated } from "@/lib/toast";

vi.mock("@/lib/toast", () => ({ notifyUpdated: vi.fn(), notifyError: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderActions(subject: Order) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <OrderStatusActions order={subject} />
    </QueryClientProvider>,
  );
}

const buttonNames = () => screen.queryAllByRole("button").map((button) => button.textContent);
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.mocked(notifyUpdated).mockClear();
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an admin's order status buttons", () => {
  it("offer a paid order Mark shipped and Cancel order", () => {
    renderActions(order(1001, { status: "paid" }));
    expect(buttonNames()).toEqual(["Mark shipped", "Cancel order"]);
    expect(screen.getByRole("button", { name: "Mark shipped (Order #1001)" })).toBeTruthy();
  });

  it("offer a shipped order only Mark delivered, and nothing after delivery or cancellation", () => {
    renderActions(order(1001, { status: "shipped" }));
    expect(buttonNames()).toEqual(["Mark delivered"]);
    cleanup();
    renderActions(order(1002, { status: "delivered" }));
    expect(buttonNames()).toEqual([]);
    cleanup();
    renderActions(order(1003, { status: "cancelled" }));
    expect(buttonNames()).toEqual([]);
  });

  it("mark an order shipped and say so", async () => {
    const subject = order(1001, { status: "paid" });
    fetchMock.mockResolvedValue(jsonResponse({ ...subject, status: "shipped" }));
    renderActions(subject);
    fireEvent.click(screen.getByRole("button", { name: "Mark shipped (Order #1001)" }));

    await waitFor(() => expect(notifyUpdated).toHaveBeenCalledWith("Order #1001 marked shipped"));
    const [url, init] = patches()[0]!;
    expect(url).toBe(`/api/admin/orders/${subject._id}`);
    expect(JSON.parse(String(init?.body))).toEqual({ status: "shipped" });
  });

  it("cancel only after the confirmation dialog, and Keep order sends nothing", async () => {
    const subject = order(1001, { status: "paid" });
    fetchMock.mockResolvedValue(jsonResponse({ ...subject, status: "cancelled" }));
    renderActions(subject);

    fireEvent.click(screen.getByRole("button", { name: "Cancel order (Order #1001)" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #1001?" });
    expect(dialog.textContent).toMatch(/go back into stock/);
    fireEvent.click(screen.getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(patches()).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Cancel order (Order #1001)" }));
    await screen.findByRole("dialog", { name: "Cancel order #1001?" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await waitFor(() => expect(notifyUpdated).toHaveBeenCalledWith("Order #1001 cancelled"));
    expect(JSON.parse(String(patches()[0]![1]?.body))).toEqual({ status: "cancelled" });
  });

  it("show the server's message when the step is refused (409)", async () => {
    const detail = "An order that is shipped cannot become shipped.";
    fetchMock.mockResolvedValue(jsonResponse({ title: "Conflict", status: 409, detail }, 409));
    renderActions(order(1001, { status: "paid" }));
    fireEvent.click(screen.getByRole("button", { name: "Mark shipped (Order #1001)" }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(detail));
    expect(notifyUpdated).not.toHaveBeenCalled();
  });
});
