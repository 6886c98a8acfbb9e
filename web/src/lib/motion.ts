/** Whether the user asked the system for less motion (checked at call time, e.g. in handlers). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}
