import { describe, expect, it } from "vitest";

import { describeRange } from "@/features/admin/utils/list-range";

describe("describeRange", () => {
  it("names the rows shown and the whole count", () => {
    expect(describeRange(10, 10, 57, "users")).toBe("Showing 11–20 of 57 users");
    expect(describeRange(0, 1, 1, "users")).toBe("Showing 1 of 1 user");
    expect(describeRange(0, 0, 0, "users")).toBe("No users");
  });

  it("says 'more than' the cap when the server stopped counting", () => {
    expect(describeRange(0, 20, 10_001, "users", true)).toBe("Showing 1–20 of more than 10,000 users");
  });
});
