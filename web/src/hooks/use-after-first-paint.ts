import { startTransition, useEffect, useState } from "react";

/**
 * False until the browser has painted the component's first render, then true (set in a
 * transition, so whatever it brings renders in slices). For content that should neither hold up
 * the first paint nor compete with it for the network. In a background tab browsers paint
 * nothing, so it waits until the tab is shown.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A frame callback runs just before the frame is painted; a task it queues, just after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
