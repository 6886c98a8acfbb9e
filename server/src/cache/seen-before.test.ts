import { describe, expect, it } from "vitest";
import { SeenBefore } from "./seen-before";

const url = (index: number) => `/api/products?q=linen&minPrice=25&sort=price-asc&offset=${index}`;

describe("SeenBefore", () => {
  it("answers false for a key's first sight and true from its second on", () => {
    const seen = new SeenBefore();
    expect(seen.markSeen(url(1))).toBe(false);
    expect(seen.markSeen(url(1))).toBe(true);
    expect(seen.markSeen(url(1))).toBe(true);
    expect(seen.markSeen(url(2))).toBe(false);
  });

  it("remembers a key for a whole generation of marks after it, and forgets it after two", () => {
    const seen = new SeenBefore(1_000);
    seen.markSeen("remembered");
    for (let index = 0; index < 1_000; index += 1) seen.markSeen(url(index));
    // Now in the previous generation: still seen (and marked in the current one again).
    expect(seen.markSeen("remembered")).toBe(true);
    const forgotten = new SeenBefore(1_000);
    forgotten.markSeen("forgotten");
    for (let index = 0; index < 2_001; index += 1) forgotten.markSeen(url(index));
    expect(forgotten.markSeen("forgotten")).toBe(false);
  });

  it("remembers a key marked last in its generation for the whole next generation, and not one mark more", () => {
    const remembered = new SeenBefore(1_000);
    for (let index = 0; index < 999; index += 1) remembered.markSeen(url(index));
    remembered.markSeen("last");
    for (let index = 1_000; index < 2_000; index += 1) remembered.markSeen(url(index));
    expect(remembered.markSeen("last")).toBe(true);
    const forgotten = new SeenBefore(1_000);
    for (let index = 0; index < 999; index += 1) forgotten.markSeen(url(index));
    forgotten.markSeen("last");
    for (let index = 1_000; index < 2_001; index += 1) forgotten.markSeen(url(index));
    expect(forgotten.markSeen("last")).toBe(false);
  });

  it("never forgets a key within its generation, and mistakes few new keys for seen ones", () => {
    const seen = new SeenBefore();
    const keys = 300_000;
    let mistaken = 0;
    for (let index = 0; index < keys; index += 1) if (seen.markSeen(url(index))) mistaken += 1;
    // About 3 % with one full generation, up to 6 % just before a swap.
    expect(mistaken / keys).toBeLessThan(0.06);
    for (let index = keys - 100_000; index < keys; index += 1) expect(seen.markSeen(url(index))).toBe(true);
  });
});
