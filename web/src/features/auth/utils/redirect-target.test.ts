import { describe, expect, it } from "vitest";

import { redirectTargetFrom, safeRedirectTarget } from "@/features/auth/utils/redirect-target";

describe("the page to return to after signing in", () => {
  it("is the page first asked for, with its query and hash", () => {
    expect(safeRedirectTarget("/cart")).toBe("/cart");
    expect(safeRedirectTarget("/aboutproduct/42?size=m#reviews")).toBe("/aboutproduct/42?size=m#reviews");
    expect(redirectTargetFrom(new URLSearchParams("redirectTo=%2Fdashboard%2Feditprofile"))).toBe(
      "/dashboard/editprofile",
    );
  });

  it("is the home page when nothing was asked for", () => {
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget("")).toBe("/");
    expect(redirectTargetFrom(new URLSearchParams())).toBe("/");
  });

  it("is the home page when the address leads off the shop", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/cart",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "cart",
    ]) {
      expect(safeRedirectTarget(target), target).toBe("/");
    }
  });

  it("is the home page instead of the login or register page itself", () => {
    expect(safeRedirectTarget("/login")).toBe("/");
    expect(safeRedirectTarget("/login?redirectTo=/cart")).toBe("/");
    expect(safeRedirectTarget("/register")).toBe("/");
  });
});
