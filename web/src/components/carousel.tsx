import { useEffect, useId, useRef, useState, type PointerEvent, type MouseEvent } from "react";
import { Link } from "react-router";

import { ChevronLeftIcon, ChevronRightIcon } from "@/components/icons";
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPACING_PX } from "@/config/ui";
import { useAfterFirstPaint } from "@/hooks/use-after-first-paint";
import { usePrefersReducedMotion } from "@/hooks/use-prefers-reduced-motion";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

export type CarouselSlide = {
  src: string;
  /** Other widths of the same image, with the width the carousel draws it at (`sizes`). */
  srcSet?: string;
  sizes?: string;
  /** Says what the image shows, including any text drawn in it. */
  alt: string;
  width: number;
  height: number;
  /** Where a click on the slide leads. */
  href?: string;
};

/** SPEC: the carousel rewinds at the ends: after the last slide comes the first, and back. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * Where a slide sits from the current one, in slides: 0 is the middle, -1 the neighbour on the
 * left, 1 the one on the right. The slides form a ring, so the first slide has the last one as
 * its left neighbour and both sides of the current slide look alike.
 */
export function slidePosition(slideIndex: number, currentIndex: number, count: number): number {
  const before = Math.floor((count - 1) / 2);
  return wrapIndex(slideIndex - currentIndex + before, count) - before;
}

/**
 * The slide width: nearly full on phones; wider screens show the neighbours peeking in. The home
 * page's banners tell the browser the same widths (PROMO_SIZES in features/home/config.ts).
 */
const SLIDE_WIDTH = "[--slide-w:calc(100%-2rem)] md:[--slide-w:86%] xl:[--slide-w:80%]";

/** A horizontal swipe further than this changes the slide. */
const SWIPE_THRESHOLD_PX = 40;

export type CarouselProps = {
  slides: readonly CarouselSlide[];
  /** Names the carousel, e.g. "Promotions". */
  label: string;
  autoplayMs?: number;
  className?: string;
};

/**
 * SPEC's home carousel: it moves on by itself every 5.5 s and keeps going after the shopper
 * clicks (each click restarts the wait), rewinds at the ends, has previous/next arrows and
 * pagination dots, 30 px between slides and the current slide centred between its two
 * neighbours (the slides form a ring, so the first slide has the last on its left). With
 * `prefers-reduced-motion` it does not play by itself and does not animate; everyone can pause
 * and resume it (WCAG 2.2.2). Follows the WAI-ARIA carousel pattern.
 */
export function Carousel({ slides, label, autoplayMs = CAROUSEL_AUTOPLAY_MS, className }: CarouselProps) {
  const count = slides.length;
  // `from`: the slide shown before, to tell which slide goes round the back of the ring.
  const [{ index, from }, setPosition] = useState({ index: 0, from: 0 });
  const reducedMotion = usePrefersReducedMotion();
  /** The shopper's own choice from the pause/play button; until then, motion preference decides. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = count > 1 && (playChoice ?? !reducedMotion);
  const slidesId = useId();
  // The other slides' images download once the current one is on screen, not beside it.
  const firstSlidePainted = useAfterFirstPaint();

  // `index` is a dependency on purpose: any change, by the timer or by a click, starts a fresh wait.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(
      () => setPosition((current) => ({ index: wrapIndex(current.index + 1, count), from: current.index })),
      autoplayMs,
    );
    return () => window.clearTimeout(timer);
  }, [playing, index, count, autoplayMs]);

  const goTo = (target: number) => setPosition({ index: wrapIndex(target, count), from: index });
  // How far every slide moves this time; a slide that moves otherwise goes round the back.
  const shift = -slidePosition(index, from, count);
  const swipe = useSwipe((direction) => goTo(index + direction));

  if (count === 0) return null;

  return (
    <section aria-roledescription="carousel" aria-label={label} className={cn("relative", className)}>
      <div className={cn("relative overflow-hidden", SLIDE_WIDTH)} {...swipe.handlers}>
        {/* Every slide in one grid cell, centred, and moved sideways by its place in the ring. */}
        <div id={slidesId} aria-live={playing ? "off" : "polite"} className="grid touch-pan-y">
          {slides.map((slide, slideIndex) => {
            const current = slideIndex === index;
            const position = slidePosition(slideIndex, index, count);
            const goesRound = position - slidePosition(slideIndex, from, count) !== shift;
            return (
              <div
                key={slide.src}
                role="group"
                aria-roledescription="slide"
                aria-label={t("components.nOfTotal", { n: slideIndex + 1, total: count })}
                aria-hidden={!current || undefined}
                inert={!current}
                style={{ transform: `translateX(calc(${position} * (100% + ${CAROUSEL_SPACING_PX}px)))` }}
                className={cn(
                  "col-start-1 row-start-1 w-[var(--slide-w)] justify-self-center overflow-hidden rounded-2xl bg-stone-200 shadow-sm sm:rounded-3xl",
                  // The one going round the back jumps, under the others, instead of sweeping across.
                  goesRound ? "z-0" : "z-[1]",
                  !reducedMotion &&
                    !goesRound &&
                    "transition-[transform,opacity] duration-700 ease-[cubic-bezier(0.22,1,0.36,1)]",
                  // Neighbours stay in the background: their cut-off words must not compete with the slide.
                  !current && "opacity-40",
                )}
              >
                {current || firstSlidePainted ? (
                  <SlideContent slide={slide} first={slideIndex === 0} onClickCapture={swipe.suppressClick} />
                ) : null}
              </div>
            );
          })}
        </div>

        {count > 1 ? (
          <>
            <ArrowButton
              placement="overlay"
              direction="previous"
              controls={slidesId}
              onClick={() => goTo(index - 1)}
            />
            <ArrowButton
              placement="overlay"
              direction="next"
              controls={slidesId}
              onClick={() => goTo(index + 1)}
            />
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-1 sm:gap-2">
          <PlayPauseButton playing={playing} onToggle={() => setPlayChoice(!playing)} />
          {/* Phones: the arrows sit here, off the banner's text; larger screens have them on the slide. */}
          <ArrowButton
            placement="inline"
            direction="previous"
            controls={slidesId}
            onClick={() => goTo(index - 1)}
          />
          <div className="flex items-center">
            {slides.map((slide, slideIndex) => (
              <DotButton
                key={slide.src}
                number={slideIndex + 1}
                current={slideIndex === index}
                controls={slidesId}
                onClick={() => goTo(slideIndex)}
              />
            ))}
          </div>
          <ArrowButton
            placement="inline"
            direction="next"
            controls={slidesId}
            onClick={() => goTo(index + 1)}
          />
        </div>
      ) : null}
    </section>
  );
}

function SlideContent({
  slide,
  first,
  onClickCapture,
}: {
  slide: CarouselSlide;
  first: boolean;
  onClickCapture: (event: MouseEvent) => void;
}) {
  // The first slide is the page's largest image: fetched first. The others follow (once it is
  // painted) at low priority rather than lazily, since a lazy image sliding in would still be blank.
  const image = (
    <img
      src={slide.src}
      srcSet={slide.srcSet}
      sizes={slide.sizes}
      alt={slide.alt}
      width={slide.width}
      height={slide.height}
      loading="eager"
      fetchPriority={first ? "high" : "low"}
      decoding={first ? "sync" : "async"}
      draggable={false}
      // Small screens crop to the left part of the banner, where its text is, at a taller ratio.
      className="aspect-[16/11] w-full object-cover object-left select-none sm:aspect-[8/3]"
    />
  );
  if (!slide.href) return image;
  return (
    <Link to={slide.href} onClickCapture={onClickCapture} draggable={false} className="block">
      {image}
    </Link>
  );
}

function ArrowButton({
  placement,
  direction,
  controls,
  onClick,
}: {
  /** "overlay": on the slide's edge (sm and up); "inline": in the controls row (phones). */
  placement: "overlay" | "inline";
  direction: "previous" | "next";
  controls: string;
  onClick: () => void;
}) {
  const previous = direction === "previous";
  const Icon = previous ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-label={t(previous ? "components.prevSlide" : "components.nextSlide")}
      aria-controls={controls}
      onClick={onClick}
      className={cn(
        "size-11 items-center justify-center rounded-full text-ink transition",
        placement === "overlay"
          ? cn(
              "absolute top-1/2 z-10 hidden -translate-y-1/2 bg-white/90 shadow-lg ring-1 ring-stone-900/5 backdrop-blur hover:bg-white hover:text-brand-700 sm:inline-flex",
              // Just inside the current slide's edge, whatever the slide width.
              previous
                ? "left-[calc((100%-var(--slide-w))/2+0.75rem)]"
                : "right-[calc((100%-var(--slide-w))/2+0.75rem)]",
            )
          : "inline-flex hover:bg-stone-100 sm:hidden",
      )}
    >
      <Icon className="size-6" />
    </button>
  );
}

function DotButton({
  number,
  current,
  controls,
  onClick,
}: {
  number: number;
  current: boolean;
  controls: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={t("components.goToSlide", { n: number })}
      aria-current={current || undefined}
      aria-controls={controls}
      onClick={onClick}
      className="group inline-flex size-11 items-center justify-center rounded-full"
    >
      <span
        aria-hidden="true"
        className={cn(
          "block h-2.5 rounded-full transition-all duration-300",
          current ? "w-7 bg-brand-600" : "w-2.5 bg-stone-300 group-hover:bg-stone-400",
        )}
      />
    </button>
  );
}

function PlayPauseButton({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  const label = t(playing ? "components.pause" : "components.play");
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onToggle}
      className="inline-flex size-11 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-stone-100 hover:text-ink"
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-5" fill="currentColor">
        {playing ? (
          <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
        ) : (
          <path d="M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5z" />
        )}
      </svg>
    </button>
  );
}

/** Swiping left or right moves by one slide; a swipe never counts as a click on the slide's link. */
function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      swiped.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };

  const suppressClick = (event: MouseEvent) => {
    if (!swiped.current) return;
    swiped.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return { handlers, suppressClick };
}
