import { describe, expect, it } from "vitest";

import { nextOffset } from "@/lib/api-client";

const page = (count: number, total: number) => ({ items: Array.from({ length: count }, (_, i) => i), total });

describe("nextOffset", () => {
  it("answers the number loaded while some are left", () => {
    const last = page(4, 20);
    expect(nextOffset(last, [page(8, 20), last])).toBe(12);
  });

  it("answers undefined once all are loaded", () => {
    const last = page(4, 12);
    expect(nextOffset(last, [page(8, 12), last])).toBeUndefined();
  });

  it("answers undefined after an empty page (the total moved under the list)", () => {
    const last = page(0, 20);
    expect(nextOffset(last, [page(8, 20), last])).toBeUndefined();
  });
});
