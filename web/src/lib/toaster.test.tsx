import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { notifyAdded, Toaster } from "@/lib/toast";

afterEach(cleanup);

describe("Toaster", () => {
  it("renders no container until the first toast, then shows that toast", async () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe("");

    await act(async () => notifyAdded("Added to your bag"));

    expect(await screen.findByText("Added to your bag")).toBeTruthy();
    expect(container.querySelector(".Toastify")).not.toBeNull();
  });
});
