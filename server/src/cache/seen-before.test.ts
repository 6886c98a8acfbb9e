import { describe, expect, it } from "vitest";
import { SeenBefore } from "./seen-before";

const url = (index: number) => `/api/products?q=linen&minPrice=25&sort=price-asc&offset=${index}`;

describe("SeenBefore", () => {
  it("answers false for a key's first sight and true from its second on", () => {
    const seen = new SeenBefore();
    expect(seen.check(url(1))).toBe(false);
    expect(seen.check(url(1))).toBe(true);
    expect(seen.check(url(1))).toBe(true);
    expect(seen.check(url(2))).toBe(false);
  });

  it("remembers a key for a whole generation of new keys after it, and forgets it after two", () => {
    const seen = new SeenBefore(1_000);
    seen.check("remembered");
    for (let index = 0; index < 1_000; index += 1) seen.check(url(index));
    // Now in the previous generation: still seen (and marked in the current one again).
    expect(seen.check("remembered")).toBe(true);
    const forgotten = new SeenBefore(1_000);
    forgotten.check("forgotten");
    for (let index = 0; index < 2_001; index += 1) forgotten.check(url(index));
    expect(forgotten.check("forgotten")).toBe(false);
  });

  it("never forgets a key within its generation, and mistakes few new keys for seen ones", () => {
    const seen = new SeenBefore();
    const keys = 300_000;
    let mistaken = 0;
    for (let index = 0; index < keys; index += 1) if (seen.check(url(index))) mistaken += 1;
    // Two full generations of 100,000 keys at ~3.5 % each way.
    expect(mistaken / keys).toBeLessThan(0.06);
    for (let index = keys - 100_000; index < keys; index += 1) expect(seen.check(url(index))).toBe(true);
  });
});
