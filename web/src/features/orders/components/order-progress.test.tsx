import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { OrderProgress } from "@/features/orders/components/order-progress";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { describeItems, namesOfItems } from "@/features/orders/utils/order-format";
import { inBengaliForThisSuite } from "@/testing/in-bengali";

// The orders' catalogue in the language loadMessages chose (as the feature's messages.ts loads it).
const ordersCatalogue = {
  en: () => import("../messages/en.json"),
  bn: () => import("../messages/bn.json"),
};

describe("the order pages in Bengali", () => {
  inBengaliForThisSuite(ordersCatalogue);
  afterEach(cleanup);

  it("shows the progress and the status badge from the Bengali catalogue", () => {
    render(
      <>
        <OrderProgress status="shipped" />
        <OrderStatusBadge status="awaiting_payment" />
      </>,
    );
    const progress = screen.getByRole("list", { name: "অর্ডারের অগ্রগতি" });
    expect(progress.textContent).toContain("পাঠানো হয়েছে");
    expect(progress.textContent).toContain("(সম্পন্ন)");
    expect(screen.getByText("পেমেন্টের অপেক্ষায়")).toBeTruthy();
  });

  it("counts items and names them with Bengali digits and words", () => {
    expect(describeItems([{ quantity: 1 }, { quantity: 2 }])).toBe("৩টি আইটেম");
    expect(namesOfItems([{ name: "A" }, { name: "B" }, { name: "C" }, { name: "D" }])).toBe(
      "A, B এবং আরও ২টি",
    );
  });
});
