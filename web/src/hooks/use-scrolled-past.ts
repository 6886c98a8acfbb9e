import { useCallback, useSyncExternalStore } from "react";

/**
 * The window's scroll offset as of the last scroll or resize event. It is read there and not
 * while React renders: reading window.scrollY first lays out whatever changed, and right after the
 * first render of a page that is a forced layout of the whole page inside React's task.
 */
let lastScrollY = 0;
const listeners = new Set<() => void>();

function update() {
  lastScrollY = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    // A page opened further down (scroll restored on reload) is read once, with the next frame.
    requestAnimationFrame(update);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("scroll", update);
    window.removeEventListener("resize", update);
  };
}

/** True once the window is scrolled down further than `thresholdPx`; re-renders only on change. */
export function useScrolledPast(thresholdPx: number): boolean {
  const getSnapshot = useCallback(() => lastScrollY > thresholdPx, [thresholdPx]);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
