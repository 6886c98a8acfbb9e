import { cleanup, fireEvent, render as renderInDocument, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { CHUNK_LOAD_TIMEOUT_MS } from "@/config/ui";
import { lazyPage } from "@/lib/lazy-page";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Hello() {
  return <h1>Hello page</h1>;
}

function Broken(): ReactNode {
  throw new Error("Broken page");
}

/** Pages live inside the router (the error boundary forgets an error when the address changes). */
function render(page: ReactNode) {
  return renderInDocument(<MemoryRouter>{page}</MemoryRouter>);
}

describe("lazyPage", () => {
  it("shows the page once its chunk has loaded", async () => {
    const Page = lazyPage(() => Promise.resolve(Hello));
    render(<Page />);
    expect(await screen.findByRole("heading", { name: "Hello page" })).toBeTruthy();
  });

  it("offers a retry when the chunk fails, and the retry downloads it again", async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(Hello);
    const Page = lazyPage(load);
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});

    render(<Page />);
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("heading", { name: "Hello page" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives up on a chunk that has not arrived after the time-out", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const Page = lazyPage(() => new Promise(() => {}));

    render(<Page />);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();

    expect(await screen.findByText("Loading this page took too long.")).toBeTruthy();
  });

  it("shows the route error, not a blank page, when the page breaks while rendering", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Page = lazyPage(() => Promise.resolve(Broken));

    render(<Page />);

    expect(await screen.findByRole("heading", { name: "Sorry, something went wrong" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("downloads the chunk once when it was preloaded before the first render", async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const hero = {
      src: "/hero-1600.webp",
      srcSet: "/hero-800.webp 800w, /hero-1600.webp 1600w",
      sizes: "100vw",
    };
    const Page = lazyPage(load, { images: [hero] });

    void Page.preload();
    render(<Page />);

    expect(await screen.findByRole("heading", { name: "Hello page" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // The same srcset and sizes as the page's <img>, so the browser picks the same file for both.
    const link = document.head.querySelector("link[rel='preload'][as='image']");
    expect(link?.getAttribute("href")).toBe(hero.src);
    expect(link?.getAttribute("imagesrcset")).toBe(hero.srcSet);
    expect(link?.getAttribute("imagesizes")).toBe(hero.sizes);
  });

  it("settles preload() once the code is there, and also when its download failed", async () => {
    let arrive!: (page: typeof Hello) => void;
    const Page = lazyPage(() => new Promise<typeof Hello>((resolve) => (arrive = resolve)));
    let settled = false;
    const preloaded = Page.preload().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    arrive(Hello);
    await preloaded;
    expect(settled).toBe(true);

    const Failing = lazyPage(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    );
    await expect(Failing.preload()).resolves.toBeUndefined();
  });
});
