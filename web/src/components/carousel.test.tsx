import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Carousel, slidePosition, wrapIndex, type CarouselSlide } from "@/components/carousel";
import { CAROUSEL_AUTOPLAY_MS } from "@/config/ui";

const slides: CarouselSlide[] = [1, 2, 3].map((n) => ({
  src: `/demo/promo/promo-${n}.svg`,
  alt: `Promotion ${n}`,
  width: 1600,
  height: 600,
  href: `/promo-${n}`,
}));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCarousel() {
  render(
    <MemoryRouter>
      <Carousel slides={slides} label="Promotions" />
    </MemoryRouter>,
  );
}

/** The slide number whose dot is marked current. */
function currentSlide(): number {
  const dots = [1, 2, 3].map((n) => screen.getByRole("button", { name: `Go to slide ${n}` }));
  const current = dots.filter((dot) => dot.getAttribute("aria-current") === "true");
  expect(current).toHaveLength(1);
  return dots.indexOf(current[0]!) + 1;
}

const click = (name: string) => fireEvent.click(screen.getAllByRole("button", { name })[0]!);
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("wrapIndex", () => {
  it("rewinds past either end", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});

describe("slidePosition", () => {
  it("puts one neighbour on each side of the current slide, the last slide left of the first", () => {
    expect([0, 1, 2].map((slide) => slidePosition(slide, 0, 3))).toEqual([0, 1, -1]);
    expect([0, 1, 2].map((slide) => slidePosition(slide, 1, 3))).toEqual([-1, 0, 1]);
    expect([0, 1, 2].map((slide) => slidePosition(slide, 2, 3))).toEqual([1, -1, 0]);
    expect([0, 1].map((slide) => slidePosition(slide, 1, 2))).toEqual([1, 0]);
    expect(slidePosition(0, 0, 1)).toBe(0);
  });
});

describe("Carousel", () => {
  it("rewinds at the ends with the arrows", () => {
    renderCarousel();
    expect(currentSlide()).toBe(1);
    click("Previous slide");
    expect(currentSlide()).toBe(3);
    click("Next slide");
    expect(currentSlide()).toBe(1);
    click("Next slide");
    click("Next slide");
    expect(currentSlide()).toBe(3);
  });

  it("goes to a slide from its dot", () => {
    renderCarousel();
    click("Go to slide 3");
    expect(currentSlide()).toBe(3);
  });

  it("moves on every 5.5 s and rewinds from the last slide to the first", () => {
    renderCarousel();
    expect(CAROUSEL_AUTOPLAY_MS).toBe(5_500);
    advance(5_499);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
    advance(5_500);
    expect(currentSlide()).toBe(3);
    advance(5_500);
    expect(currentSlide()).toBe(1);
  });

  it("keeps playing after a click, a full 5.5 s after it", () => {
    renderCarousel();
    advance(3_000);
    click("Next slide");
    expect(currentSlide()).toBe(2);
    advance(5_000);
    expect(currentSlide()).toBe(2);
    advance(500);
    expect(currentSlide()).toBe(3);
  });

  it("stops with 'Pause slideshow' and starts again with 'Play slideshow'", () => {
    renderCarousel();
    click("Pause slideshow");
    advance(20_000);
    expect(currentSlide()).toBe(1);
    click("Play slideshow");
    advance(5_500);
    expect(currentSlide()).toBe(2);
  });

  it("does not play by itself with prefers-reduced-motion", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderCarousel();
    advance(20_000);
    expect(currentSlide()).toBe(1);
    expect(screen.getByRole("button", { name: "Play slideshow" })).toBeTruthy();
  });

  it("lets only the current slide be focused or read, and loads the first image first", () => {
    renderCarousel();
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups.map((group) => group.hasAttribute("inert"))).toEqual([false, true, true]);
    expect(screen.getByRole("link", { name: "Promotion 1" }).getAttribute("href")).toBe("/promo-1");
    // Alone until it has been painted; then the others follow, at low priority.
    const first = screen.getAllByRole("img", { hidden: true });
    expect(first.map((image) => image.getAttribute("src"))).toEqual(["/demo/promo/promo-1.svg"]);
    expect(first[0]!.getAttribute("fetchpriority")).toBe("high");
    advance(20); // the next frame (16 ms) and the task queued after it
    const images = screen.getAllByRole("img", { hidden: true });
    expect(images.map((image) => image.getAttribute("fetchpriority"))).toEqual(["high", "low", "low"]);
    expect(images.map((image) => image.getAttribute("width"))).toEqual(["1600", "1600", "1600"]);
    click("Next slide");
    expect(
      screen.getAllByRole("group", { hidden: true }).map((group) => group.hasAttribute("inert")),
    ).toEqual([true, false, true]);
  });
});
