import { describe, expect, it } from "vitest";

describe("zod-jitless", () => {
  it("makes zod parse without compiling code (no eval under the CSP)", async () => {
    await import("@/lib/zod-jitless");
    const { z } = await import("zod");

    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
  });
});
