import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { NotFoundMessage } from "@/components/errors/not-found-message";
import { Pagination } from "@/components/pagination";
import { RatingLine } from "@/components/star-rating";
import { inBengaliForThisSuite } from "@/testing/in-bengali";

// The shared components in Bengali: a key missing from bn.json would show here as the key itself.
// The components' own catalogue (./messages) is loaded again after each switch, as a page would.
const componentTexts = { en: () => import("./messages/en.json"), bn: () => import("./messages/bn.json") };
inBengaliForThisSuite(componentTexts);
afterEach(cleanup);

describe("shared components in Bengali", () => {
  it("the 404 page", () => {
    render(
      <MemoryRouter>
        <NotFoundMessage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "পেজটি খুঁজে পাওয়া যায়নি" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "হোম পেজে যান" })).toBeTruthy();
  });

  it("pagination, with Bengali digits", () => {
    render(<Pagination page={2} pageCount={5} onPageChange={() => {}} label="পৃষ্ঠাগুলো" />);
    expect(screen.getByRole("button", { name: "আগের" })).toBeTruthy();
    expect(screen.getByText("৫টির মধ্যে ২ নম্বর পৃষ্ঠা")).toBeTruthy();
  });

  it("a rating's words", () => {
    render(<RatingLine average={4.5} count={3} />);
    expect(screen.getByText("৫-এর মধ্যে ৪.৫ তারা, ৩টি রিভিউ")).toBeTruthy();
  });
});
