import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Typewriter, typewriterSteps } from "@/components/typewriter";
import { TYPEWRITER_DELETE_MS, TYPEWRITER_PAUSE_MS, TYPEWRITER_TYPE_MS } from "@/config/ui";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const typed = () => screen.getByTestId("typewriter-text").textContent;
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("Typewriter timing", () => {
  it("uses SPEC's timings: type 80 ms, delete 60 ms, pause 1000 ms", () => {
    expect([TYPEWRITER_TYPE_MS, TYPEWRITER_DELETE_MS, TYPEWRITER_PAUSE_MS]).toEqual([80, 60, 1000]);
  });

  it("types a letter every 80 ms, holds 1 s, deletes a letter every 60 ms, types again and stays", () => {
    render(<Typewriter text="Hey" loops={2} startOnView={false} />);
    expect(typed()).toBe("");

    advance(79);
    expect(typed()).toBe("");
    advance(1);
    expect(typed()).toBe("H");
    advance(80);
    expect(typed()).toBe("He");
    advance(80);
    expect(typed()).toBe("Hey");

    // The pause with the full text, then the first letter goes.
    advance(999);
    expect(typed()).toBe("Hey");
    advance(1);
    expect(typed()).toBe("He");
    advance(60);
    expect(typed()).toBe("H");
    advance(60);
    expect(typed()).toBe("");

    // Typed again, and then it stays.
    advance(80);
    expect(typed()).toBe("H");
    advance(160);
    expect(typed()).toBe("Hey");
    advance(60_000);
    expect(typed()).toBe("Hey");
  });

  it("lists every tick of the animation and ends on the full text", () => {
    expect(typewriterSteps(2, 2)).toEqual([
      { delay: 80, length: 1 },
      { delay: 80, length: 2 },
      { delay: 1000, length: 1 },
      { delay: 60, length: 0 },
      { delay: 80, length: 1 },
      { delay: 80, length: 2 },
    ]);
    expect(typewriterSteps(3, 1).at(-1)).toEqual({ delay: 80, length: 3 });
    expect(typewriterSteps(0, 2)).toEqual([]);
  });

  it("restarts when the text changes", () => {
    const { rerender } = render(<Typewriter text="Hey" startOnView={false} />);
    advance(240);
    expect(typed()).toBe("Hey");
    rerender(<Typewriter text="Bye" startOnView={false} />);
    expect(typed()).toBe("");
    advance(80);
    expect(typed()).toBe("B");
  });

  it("waits until it is scrolled into view", () => {
    let reportVisible: (visible: boolean) => void = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          reportVisible = (visible) => callback([{ isIntersecting: visible }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<Typewriter text="Hey" />);
    advance(1_000);
    expect(typed()).toBe("");
    act(() => reportVisible(true));
    advance(80);
    expect(typed()).toBe("H");
  });
});

describe("Typewriter accessibility", () => {
  it("gives assistive technology the full text from the start, never the animation", () => {
    render(
      <h2>
        <Typewriter text="Shop By Category" startOnView={false} />
      </h2>,
    );
    expect(screen.getByRole("heading", { name: "Shop By Category" })).toBeTruthy();
    expect(screen.getByTestId("typewriter-text").getAttribute("aria-hidden")).toBe("true");
    advance(160);
    expect(screen.getByRole("heading", { name: "Shop By Category" })).toBeTruthy();
  });

  it("shows the full text at once with prefers-reduced-motion", () => {
    stubReducedMotion(true);
    render(
      <h2>
        <Typewriter text="Best Seller Products" startOnView={false} />
      </h2>,
    );
    expect(screen.queryByTestId("typewriter-text")).toBeNull();
    const heading = screen.getByRole("heading", { name: "Best Seller Products" });
    expect(heading.querySelector("[aria-hidden='true']")?.textContent).toBe("Best Seller Products");
  });
});
