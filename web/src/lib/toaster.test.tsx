import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { notifyAdded, notifyError, Toaster } from "@/lib/toast";

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

describe("a toast with a way forward", () => {
  it("keeps its link on screen until followed or closed; a plain error still times out", async () => {
    render(
      <MemoryRouter>
        <Toaster />
      </MemoryRouter>,
    );
    await act(async () => notifyError("Please Log in First", { action: { label: "Log in", to: "/login" } }));
    await act(async () => notifyError("Something else failed"));

    const timerOf = async (text: string) =>
      within((await screen.findByText(text)).closest(".Toastify__toast") as HTMLElement).getByRole(
        "progressbar",
        { hidden: true },
      );
    expect((await timerOf("Please Log in First")).getAttribute("aria-hidden")).toBe("true");
    expect((await timerOf("Something else failed")).getAttribute("aria-hidden")).toBe("false");
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
  });
});
