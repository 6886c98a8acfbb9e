import { setShopCurrency } from "@shop/contract/currency-decimals";
import { afterEach, describe, expect, it } from "vitest";

import { formatPrice, fromCents, toCents } from "@/components/price";

describe("formatPrice", () => {
  it("writes SPEC's '$ {price}' with two decimals", () => {
    expect(formatPrice(24.99)).toBe("$ 24.99");
    expect(formatPrice(189)).toBe("$ 189.00");
    expect(formatPrice(0.5)).toBe("$ 0.50");
    expect(formatPrice(1299.9)).toBe("$ 1,299.90");
    expect(formatPrice(1234567.5)).toBe("$ 1,234,567.50");
  });

  it("rounds as Intl.NumberFormat does, half away from zero on the shortest decimal form", () => {
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, -0, 0.005, 0.015, 1.005, 53.555, 0.125, -0.125, -0.001, -5, 999.995, 1e-7, 1e15];
    for (const amount of amounts) expect(formatPrice(amount)).toBe(`$ ${intl.format(amount)}`);
  });

  it("counts money in whole cents", () => {
    expect(toCents(24.99)).toBe(2499);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});

describe("formatPrice in another currency or locale (decision 040)", () => {
  afterEach(() => setShopCurrency("USD"));

  it("writes yen without decimals and dinars with three, through Intl", () => {
    setShopCurrency("JPY");
    expect(formatPrice(1299)).toBe("¥1,299");
    expect(toCents(1299)).toBe(1299);
    setShopCurrency("KWD");
    expect(formatPrice(1.25)).toMatch(/^KWD\s1\.250$/);
    expect(toCents(1.255)).toBe(1255);
    expect(fromCents(1255)).toBe(1.255);
  });

  it("takes the shopper's locale, and keeps SPEC's dollar text for en-US", () => {
    expect(formatPrice(1299.5, "en-US")).toBe("$ 1,299.50");
    expect(formatPrice(1299.5, "de-DE")).toMatch(/^1\.299,50\s\$$/);
    setShopCurrency("EUR");
    expect(formatPrice(1299.5, "de-DE")).toMatch(/^1\.299,50\s€$/);
  });
});
