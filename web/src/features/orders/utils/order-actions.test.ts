import { ORDER_STATUSES, ORDER_TRANSITIONS } from "@shop/contract/orders";
import { describe, expect, it } from "vitest";

import { orderActions } from "@/features/orders/utils/order-actions";

describe("orderActions", () => {
  it("offers a paid order Mark shipped and Cancel order (asked first)", () => {
    expect(orderActions("paid")).toEqual([
      { next: "shipped", label: "Mark shipped", confirm: false, tone: "primary" },
      { next: "cancelled", label: "Cancel order", confirm: true, tone: "danger" },
    ]);
  });

  it("offers a shipped order only Mark delivered", () => {
    expect(orderActions("shipped").map((action) => action.label)).toEqual(["Mark delivered"]);
  });

  it("offers nothing once an order is delivered or cancelled", () => {
    expect(orderActions("delivered")).toEqual([]);
    expect(orderActions("cancelled")).toEqual([]);
  });

  it("never offers a step the contract does not allow", () => {
    for (const status of ORDER_STATUSES) {
      expect(orderActions(status).map((action) => action.next)).toEqual(ORDER_TRANSITIONS[status]);
    }
  });
});
