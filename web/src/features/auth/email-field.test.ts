import { AUTH_MESSAGES, emailFieldSchema, registerFormSchema } from "@shop/contract/auth";
import { describe, expect, it } from "vitest";

const messageFor = (email: string) => emailFieldSchema.safeParse(email).error?.issues[0]?.message;

describe("the sign-in and register forms' e-mail field", () => {
  it.each(["john.smith@gmail.com", "anna@uni.ac.uk", "x@shop.info", "First.Last+tag@Example.COM"])(
    "takes %s, which SPEC's old pattern refused",
    (email) => {
      expect(emailFieldSchema.safeParse(email).success).toBe(true);
    },
  );

  it.each(["john.smith", "john@gmail", "john smith@gmail.com", "john..smith@gmail.com", "@gmail.com"])(
    "refuses %s with SPEC's message",
    (email) => {
      expect(messageFor(email)).toBe(AUTH_MESSAGES.emailInvalid);
    },
  );

  it("asks for an address when the field is empty or blank", () => {
    expect(messageFor("")).toBe(AUTH_MESSAGES.emailRequired);
    expect(messageFor("   ")).toBe(AUTH_MESSAGES.emailRequired);
  });

  it("sends the address without the spaces around it", () => {
    const parsed = registerFormSchema.parse({ name: "Ann", email: " ann@uni.ac.uk ", password: "secret-1" });
    expect(parsed.email).toBe("ann@uni.ac.uk");
  });
});
