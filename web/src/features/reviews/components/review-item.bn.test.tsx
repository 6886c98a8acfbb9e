import type { ProductReview } from "@shop/contract/reviews";
import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";

import { loadMessages } from "@/lib/i18n";

// The feature's modules read their texts when they load: in Bengali, they load after the switch.
await loadMessages("bn");
const { ReviewItem } = await import("@/features/reviews/components/review-item");

afterAll(async () => {
  cleanup();
  await loadMessages("en");
});

const review: ProductReview = {
  _id: "00000000-0000-4000-8000-000000000001",
  productId: "00000000-0000-4000-8000-000000000002",
  rating: 4,
  title: "Good shoes",
  text: "Comfortable from the first day.",
  name: "Ann",
  verifiedPurchase: true,
  createdAt: "2026-03-05T10:00:00.000Z",
  editedAt: "2026-03-06T10:00:00.000Z",
};

describe("a product review in Bengali", () => {
  it("says 'Verified purchase' and 'edited' in Bengali, with the date in Bengali digits", () => {
    render(<ReviewItem review={review} />);
    expect(screen.getByText("যাচাইকৃত ক্রয়")).toBeTruthy();
    expect(screen.getByText(/^.*২০২৬.* \(সম্পাদিত\)$/)).toBeTruthy();
  });
});
