import { describe, expect, it } from "vitest";

import { namesOfItems } from "@/features/orders/utils/order-format";

describe("namesOfItems", () => {
  const line = (name: string) => ({ name });
  it("names one, two, or the first two and how many more", () => {
    expect(namesOfItems([line("Linen Shirt")])).toBe("Linen Shirt");
    expect(namesOfItems([line("Linen Shirt"), line("Court Sneaker")])).toBe("Linen Shirt and Court Sneaker");
    expect(namesOfItems([line("A"), line("B"), line("C"), line("D")])).toBe("A, B and 2 more");
    expect(namesOfItems([])).toBe("");
  });
});
