import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { TestModeNotice } from "@/features/checkout/components/test-mode-notice";
import { inBengaliForThisSuite } from "@/testing/in-bengali";

// The checkout's catalogue in the language loadMessages chose (as the feature's messages.ts loads it).
const checkoutCatalogue = {
  en: () => import("../messages/en.json"),
  bn: () => import("../messages/bn.json"),
};

describe("the test mode notice in Bengali", () => {
  inBengaliForThisSuite(checkoutCatalogue);
  afterEach(cleanup);

  it("names the test cards' outcomes and the Use buttons in Bengali", () => {
    render(
      <TestModeNotice
        info={{
          provider: "test",
          flow: "card",
          testMode: true,
          testCards: [{ number: "4242 4242 4242 4242", outcome: "succeeds" }],
        }}
        onUseCard={() => {}}
      />,
    );
    expect(screen.getByRole("region", { name: /টেস্ট মোড/ })).toBeTruthy();
    expect(screen.getByText("পেমেন্টগুলো অনুকরণ করা হচ্ছে")).toBeTruthy();
    expect(screen.getByText("পেমেন্ট সফল হয়")).toBeTruthy();
    expect(screen.getByRole("button", { name: "টেস্ট কার্ড 4242 4242 4242 4242 ব্যবহার করুন" })).toBeTruthy();
  });
});
