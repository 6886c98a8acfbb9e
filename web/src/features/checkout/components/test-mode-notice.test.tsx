import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TestModeNotice } from "@/features/checkout/components/test-mode-notice";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

// The checkout's catalogue in the language loadMessages chose (as the feature's messages.ts loads it).
const checkoutCatalogue = {
  en: () => import("../messages/en.json"),
  bn: () => import("../messages/bn.json"),
};

describe("the test mode notice in Bengali", () => {
  beforeAll(async () => {
    await loadMessages("bn");
    await loadAreaMessages(checkoutCatalogue);
  });
  afterAll(async () => {
    cleanup();
    await loadMessages("en");
    await loadAreaMessages(checkoutCatalogue);
  });

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
