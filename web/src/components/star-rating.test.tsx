import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { RatingLine, Stars } from "@/components/star-rating";

afterEach(cleanup);

describe("RatingLine", () => {
  it("says the average and the count in words, and fills the stars to the average", () => {
    const { container } = render(<RatingLine average={4.3} count={12} />);
    expect(screen.getByText("4.3 out of 5 stars, 12 reviews")).toBeTruthy();
    const filled = container.querySelector<HTMLElement>("[aria-hidden] > span:last-child");
    expect(filled?.style.width).toBe("86%");
  });

  it("shows nothing for a product without reviews, or from an answer without ratings", () => {
    expect(render(<RatingLine average={0} count={0} />).container.innerHTML).toBe("");
    cleanup();
    const missing = undefined as unknown as number;
    expect(render(<RatingLine average={missing} count={missing} />).container.innerHTML).toBe("");
  });

  it("says one review in the singular", () => {
    render(<RatingLine average={5} count={1} />);
    expect(screen.getByText("5.0 out of 5 stars, 1 review")).toBeTruthy();
  });
});

describe("Stars", () => {
  it("never fills beyond five stars or below none", () => {
    const width = (average: number) => {
      const { container } = render(<Stars average={average} />);
      const value = container.querySelector<HTMLElement>("span > span:last-child")?.style.width;
      cleanup();
      return value;
    };
    expect([width(7), width(-1), width(2.5)]).toEqual(["100%", "0%", "50%"]);
  });
});
