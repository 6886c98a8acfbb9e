import type { WishlistItem } from "@shop/contract/marketing";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { WishlistItems } from "@/features/wishlist/components/wishlist-items";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

afterEach(cleanup);

const item = (priceCents: number, stock: number): WishlistItem => ({
  productId: "00000000-0000-4000-8000-000000000001",
  productname: "Retro Court Sneaker",
  image: "/demo/a.svg",
  variantId: null,
  optionValues: ["42"],
  priceCents,
  priceCentsWhenAdded: 8900,
  stock,
  addedAt: "2026-11-01T10:00:00.000Z",
});

function renderItems(items: WishlistItem[]) {
  render(
    <MemoryRouter>
      <WishlistItems items={items} />
    </MemoryRouter>,
  );
}

describe("WishlistItems", () => {
  it("says how each price changed since it was saved, and the stock", () => {
    renderItems([item(7900, 4), item(9900, 0)]);
    expect(screen.getByRole("list", { name: "Wishlist" })).toBeTruthy();
    expect(screen.getByText("Down $ 10.00 since you saved it")).toBeTruthy();
    expect(screen.getByText("4 in stock")).toBeTruthy();
    expect(screen.getByText("Up $ 10.00 since you saved it")).toBeTruthy();
    expect(screen.getByText("Out of stock")).toBeTruthy();
  });

  it("speaks Bengali on a Bengali page", async () => {
    const messages = { en: () => import("../messages/en.json"), bn: () => import("../messages/bn.json") };
    await loadMessages("bn");
    await loadAreaMessages(messages);
    try {
      renderItems([item(8900, 4)]);
      expect(screen.getByRole("list", { name: "উইশলিস্ট" })).toBeTruthy();
      expect(screen.getByText("সংরক্ষণের সময়ের দামই আছে")).toBeTruthy();
      expect(screen.getByText("স্টকে আছে ৪টি")).toBeTruthy();
    } finally {
      await loadMessages("en");
      await loadAreaMessages(messages);
    }
  });
});
