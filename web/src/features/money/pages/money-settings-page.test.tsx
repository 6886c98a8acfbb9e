import type { Coupon, ShippingMethod } from "@shop/contract/money";
import type { Language } from "@shop/contract/languages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { MoneySettingsPage } from "@/features/money/pages/money-settings-page";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

/** The shell's and the checkout settings' catalogues in `language`, as a page in that language loads them. */
async function loadLanguage(language: Language) {
  await loadMessages(language);
  await loadAreaMessages({
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  });
}

const express: ShippingMethod = {
  _id: "00000000-0000-4000-8000-000000000001",
  name: "Express",
  description: "",
  price: 9.5,
  freeFrom: 200,
  active: false,
  sortOrder: 0,
};
const coupon: Coupon = {
  _id: "00000000-0000-4000-8000-000000000002",
  code: "WINTER15",
  kind: "percent",
  value: 15,
  minSubtotal: 50,
  startsAt: new Date(2030, 11, 24).toISOString(),
  endsAt: null,
  usageLimit: 50,
  used: 3,
  active: true,
};

const answers: Record<string, unknown> = {
  "/api/admin/money-settings": { taxRate: 8.25, pricesIncludeTax: false, returnWindowDays: 30 },
  "/api/admin/shipping-methods": [express],
  "/api/admin/coupons": [coupon],
};

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const { pathname } = new URL(String(input), "http://shop.test");
      return new Response(JSON.stringify(answers[pathname] ?? null), {
        status: pathname in answers ? 200 : 404,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await loadLanguage("en");
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MoneySettingsPage />
    </QueryClientProvider>,
  );
}

describe("the checkout settings page", () => {
  it("describes each shipping method and coupon in English, as before", async () => {
    renderPage();
    const method = (await screen.findByRole("button", { name: "Edit Express" })).closest("li")!;
    expect(method.querySelector("span")!.textContent).toBe(
      "Express · $ 9.50 · free from $ 200.00 · inactive",
    );
    const row = (await screen.findByRole("button", { name: "Edit WINTER15" })).closest("li")!;
    expect(row.querySelector("span")!.textContent).toBe(
      "WINTER15 · 15 % off · from $ 50.00 · used 3 of 50 · from 2030-12-24",
    );
    expect(screen.getByRole("form", { name: "Add a coupon" })).toBeTruthy();
    expect(screen.getByLabelText("Free from ($, optional)")).toBeTruthy();
  });

  it("speaks Bengali on a Bengali page", async () => {
    await loadLanguage("bn");
    renderPage();
    const row = (await screen.findByRole("button", { name: "WINTER15 সম্পাদনা করুন" })).closest("li")!;
    expect(row.querySelector("span")!.textContent).toContain("৫০ বারের মধ্যে ৩ বার ব্যবহৃত");
    expect(row.querySelector("span")!.textContent).toContain("১৫ % ছাড়");
    expect(screen.getByRole("heading", { name: "কর ও পণ্য ফেরত" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "একটি কুপন যোগ করুন" })).toBeTruthy();
    expect(screen.getByLabelText("দাম ($)")).toBeTruthy();
  });
});
