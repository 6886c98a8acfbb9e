import { describe, expect, it } from "vitest";

import { formatPrice, toCents } from "@/components/price";

describe("formatPrice", () => {
  it("writes SPEC's '$ {price}' with two decimals", () => {
    expect(formatPrice(24.99)).toBe("$ 24.99");
    expect(formatPrice(189)).toBe("$ 189.00");
    expect(formatPrice(0.5)).toBe("$ 0.50");
    expect(formatPrice(1299.9)).toBe("$ 1,299.90");
  });

  it("counts money in whole cents", () => {
    expect(toCents(24.99)).toBe(2499);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
