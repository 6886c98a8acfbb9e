import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useSearchParamInput } from "@/features/catalogue/hooks/use-search-param-input";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function SearchField() {
  const search = useSearchParamInput("q");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        search.flush();
      }}
    >
      <input
        aria-label="Search"
        value={search.value}
        onChange={(event) => search.setValue(event.target.value)}
      />
      <output>{search.committed}</output>
    </form>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/products", Component: SearchField }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router, input: screen.getByRole("textbox", { name: "Search" }) as HTMLInputElement };
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("useSearchParamInput", () => {
  it("starts from ?q= in the address", () => {
    const { input } = renderAt("/products?q=WATCH");
    expect(input.value).toBe("WATCH");
  });

  it("writes to the address 300 ms after the last keystroke, replacing the history entry", () => {
    const { router, input } = renderAt("/products");
    fireEvent.change(input, { target: { value: "wat" } });
    advance(200);
    fireEvent.change(input, { target: { value: "watch " } });
    advance(299);
    expect(router.state.location.search).toBe("");
    advance(1);
    expect(router.state.location.search).toBe("?q=watch");
    expect(router.state.historyAction).toBe("REPLACE");
    // The box keeps what was typed, trailing space included.
    expect(input.value).toBe("watch ");
  });

  it("searches at once on Enter and removes ?q= when the box is emptied", () => {
    const { router, input } = renderAt("/products?q=shoe");
    fireEvent.change(input, { target: { value: "boot" } });
    fireEvent.submit(input.closest("form")!);
    expect(router.state.location.search).toBe("?q=boot");
    fireEvent.change(input, { target: { value: "" } });
    advance(300);
    expect(router.state.location.search).toBe("");
  });

  it("follows the address when it changes from outside (back, forward, a link)", async () => {
    const { router, input } = renderAt("/products?q=shoe");
    await act(() => router.navigate("/products?q=dress"));
    expect(input.value).toBe("dress");
  });
});
