import { PASSWORD_MIN_LENGTH } from "@shop/contract/auth";
import { describe, expect, it } from "vitest";

import { AUTH_TEXTS } from "@/features/auth/config";

describe("AUTH_TEXTS.passwordHint", () => {
  it("names the minimum length the contract enforces", () => {
    expect(AUTH_TEXTS.passwordHint).toContain(`At least ${PASSWORD_MIN_LENGTH} characters`);
  });
});
