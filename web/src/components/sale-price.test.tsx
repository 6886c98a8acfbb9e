import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { SalePrice, savingPercentOf } from "@/components/price";

afterEach(cleanup);

describe("SalePrice", () => {
  it("shows the sale price, the old one struck through and the saving, and says 'Was …, now …' to screen readers", () => {
    const { container } = render(
      <p>
        <SalePrice amount={70} compareAt={100} savingPercent={30} />
      </p>,
    );
    expect(container.querySelector("s")?.textContent).toBe("$ 100.00");
    expect(screen.getByText("−30 %")).toBeTruthy();
    // What a screen reader reads: the hidden sentence only, the visual parts are aria-hidden.
    const spoken = [...container.querySelectorAll("span")]
      .filter((span) => !span.closest("[aria-hidden='true']") && span.className.includes("sr-only"))
      .map((span) => span.textContent);
    expect(spoken).toEqual(["Was $ 100.00, now $ 70.00, 30 % off"]);
  });

  it("is a plain price without a sale, or with a 'was' price not above it", () => {
    for (const compareAt of [null, undefined, 70]) {
      const { container } = render(<SalePrice amount={70} compareAt={compareAt} savingPercent={0} />);
      expect(container.textContent).toBe("$ 70.00");
      expect(container.querySelector("s")).toBeNull();
      cleanup();
    }
  });

  it("rounds the saving as the server does", () => {
    expect(savingPercentOf(100, 70)).toBe(30);
    expect(savingPercentOf(24.99, 19.99)).toBe(20);
    expect(savingPercentOf(2, 1.99)).toBe(1);
  });
});
