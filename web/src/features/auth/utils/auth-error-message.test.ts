import { describe, expect, it } from "vitest";

import { authErrorMessage } from "@/features/auth/utils/auth-error-message";
import { ApiError } from "@/lib/api-client";

describe("the message of a failed sign-in or sign-up", () => {
  it("is the server's detail, e.g. for a wrong password", () => {
    const error = new ApiError({
      status: 401,
      title: "Invalid email or password",
      detail: "Invalid email or password",
    });
    expect(authErrorMessage(error)).toBe("Invalid email or password");
  });

  it("is the field's reason when the server refused a value, e.g. a common password", () => {
    const error = new ApiError({
      status: 400,
      title: "Bad Request",
      detail: "The request body is not valid.",
      errors: { password: "This password is too common. Choose one that is harder to guess." },
    });
    expect(authErrorMessage(error)).toBe("This password is too common. Choose one that is harder to guess.");
  });

  it("says the shop cannot be reached when the network fails", () => {
    const error = new ApiError({ status: 0, title: "Cannot reach the shop right now." });
    expect(authErrorMessage(error)).toBe("Cannot reach the shop right now.");
  });
});
