import { describe, expect, it } from "vitest";

import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpiryPast,
} from "@/features/checkout/utils/card-format";

describe("formatCardNumber", () => {
  it("groups the digits in fours as they are typed", () => {
    expect(formatCardNumber("4")).toBe("4");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  });

  it("drops anything that is not a digit, and stops at 16 digits", () => {
    expect(formatCardNumber("4000-0000 0000-0002")).toBe("4000 0000 0000 0002");
    expect(formatCardNumber("4242 4242 4242 4242 99")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("abcd")).toBe("");
    expect(formatCardNumber("")).toBe("");
  });

  it("keeps a formatted number as it is (typing in the middle does not scramble it)", () => {
    expect(formatCardNumber("4242 4242 4242 4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 4242 ")).toBe("4242 4242");
  });
});

describe("formatExpiry", () => {
  it("adds the slash once the year begins", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("12/30")).toBe("12/30");
    expect(formatExpiry("12/305")).toBe("12/30");
  });

  it("pads a month that can only have one digit", () => {
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("430")).toBe("04/30");
    expect(formatExpiry("1/30")).toBe("01/30");
  });

  it("lets the shopper delete the slash", () => {
    expect(formatExpiry("12/")).toBe("12");
  });
});

describe("formatCvc", () => {
  it("keeps up to four digits", () => {
    expect(formatCvc("12a3")).toBe("123");
    expect(formatCvc("12345")).toBe("1234");
  });
});

describe("isExpiryPast", () => {
  const june2025 = new Date(2025, 5, 15);

  it("accepts the current month and later", () => {
    expect(isExpiryPast("06/25", june2025)).toBe(false);
    expect(isExpiryPast("01/26", june2025)).toBe(false);
  });

  it("refuses earlier months", () => {
    expect(isExpiryPast("05/25", june2025)).toBe(true);
    expect(isExpiryPast("12/24", june2025)).toBe(true);
  });

  it("leaves malformed values to the format rule", () => {
    expect(isExpiryPast("13/20", june2025)).toBe(false);
    expect(isExpiryPast("", june2025)).toBe(false);
  });
});
