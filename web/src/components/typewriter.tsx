import { useEffect, useMemo, useRef, useState, type RefObject } from "react";

import { TYPEWRITER_DELETE_MS, TYPEWRITER_LOOPS, TYPEWRITER_PAUSE_MS, TYPEWRITER_TYPE_MS } from "@/config/ui";
import { usePrefersReducedMotion } from "@/hooks/use-prefers-reduced-motion";
import { cn } from "@/lib/cn";

/** One tick of the animation: wait `delay` ms, then show the first `length` characters. */
export type TypewriterStep = { delay: number; length: number };

/**
 * The whole animation as a list of ticks (SPEC section 9): type a letter every 80 ms, hold the
 * full text for 1 s, delete a letter every 60 ms, type again … `loops` times, ending on the full
 * text.
 */
export function typewriterSteps(length: number, loops: number): TypewriterStep[] {
  const steps: TypewriterStep[] = [];
  for (let round = 1; round <= loops && length > 0; round++) {
    for (let n = 1; n <= length; n++) steps.push({ delay: TYPEWRITER_TYPE_MS, length: n });
    if (round === loops) break;
    for (let n = length - 1; n >= 0; n--) {
      steps.push({ delay: n === length - 1 ? TYPEWRITER_PAUSE_MS : TYPEWRITER_DELETE_MS, length: n });
    }
  }
  return steps;
}

/**
 * How many characters to show; restarts from nothing when the text changes. One chain of timers
 * runs the whole animation, so its pace does not depend on how quickly React renders.
 */
function useTypewriterLength(text: string, length: number, loops: number, running: boolean) {
  const steps = useMemo(() => typewriterSteps(length, loops), [length, loops]);
  const [progress, setProgress] = useState({ text, step: 0 });
  const step = progress.text === text ? progress.step : 0;

  useEffect(() => {
    if (!running) return;
    let done = 0;
    let timer: number | undefined;
    const scheduleNext = () => {
      const next = steps[done];
      if (!next) return;
      timer = window.setTimeout(() => {
        done += 1;
        setProgress({ text, step: done });
        scheduleNext();
      }, next.delay);
    };
    scheduleNext();
    return () => window.clearTimeout(timer);
  }, [running, steps, text]);

  return { shown: step === 0 ? 0 : (steps[step - 1]?.length ?? length), done: step >= steps.length };
}

const canObserve = () => typeof IntersectionObserver !== "undefined";

/** True once the element has been on screen (or at once where that cannot be observed). */
function useHasBeenSeen(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || seen || !element || !canObserve()) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, seen]);
  return seen || !enabled || !canObserve();
}

export type TypewriterProps = {
  text: string;
  /** How often the text is typed before it stays (see TYPEWRITER_LOOPS). */
  loops?: number;
  /** Start typing when scrolled into view rather than at once. */
  startOnView?: boolean;
  className?: string;
};

/**
 * Text that types itself out, for headings (SPEC: 'Shop By Category', 'Best Seller Products',
 * 'What our client says'). Screen readers get the full text at once and never the animation;
 * with `prefers-reduced-motion` everyone does. The full text is laid out invisibly underneath, so
 * the heading has its final size from the start and nothing around it moves.
 */
export function Typewriter({
  text,
  loops = TYPEWRITER_LOOPS,
  startOnView = true,
  className,
}: TypewriterProps) {
  const reducedMotion = usePrefersReducedMotion();
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useHasBeenSeen(ref, startOnView && !reducedMotion);
  const characters = useMemo(() => Array.from(text), [text]);
  const { shown, done } = useTypewriterLength(text, characters.length, loops, seen && !reducedMotion);
  const animated = !reducedMotion;

  return (
    <span ref={ref} className={cn("relative inline-block", className)}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className={animated ? "invisible" : undefined}>
        {text}
      </span>
      {animated ? (
        <span aria-hidden="true" data-testid="typewriter-text" className="absolute inset-0">
          {characters.slice(0, shown).join("")}
          <Caret blinking={done} />
        </span>
      ) : null}
    </span>
  );
}

/** A thin text cursor that takes no room in the line (so it can never wrap the text). */
function Caret({ blinking }: { blinking: boolean }) {
  return (
    <span className="relative">
      <span
        className={cn(
          "absolute top-[0.1em] left-[0.08em] h-[1em] w-[0.08em] min-w-0.5 rounded-full bg-brand-600",
          blinking && "animate-caret-blink",
        )}
      />
    </span>
  );
}
