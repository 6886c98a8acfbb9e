import { useEffect, useRef, useState, type RefObject } from "react";
import { t } from "@/lib/i18n";

import { ArrowUpIcon } from "@/components/page-icons";
import { SCROLL_TO_TOP_THRESHOLD_PX } from "@/config/ui";
import { useScrolledPast } from "@/hooks/use-scrolled-past";
import { prefersReducedMotion } from "@/lib/motion";

/** What a finger or a click means to reach: the button steps aside rather than cover one. */
const CONTROL =
  "a[href], button, input, select, textarea, summary, label, [role='button'], [tabindex]:not([tabindex='-1'])";

/**
 * Appears once the page is scrolled past 600 px (SPEC section 2) and brings it back up. It floats
 * over the page's bottom-right corner, where on a phone "Add to shopping bag", "Pay" and the
 * bag's buttons pass by: while a control lies under it, it is hidden (issue 44).
 */
export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  const button = useRef<HTMLButtonElement>(null);
  const coversControl = useCoversControl(button, visible);
  if (!visible) return null;

  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    // The button disappears at the top: hand keyboard focus to the top of the page.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };

  return (
    <button
      ref={button}
      type="button"
      aria-label={t("shell.scrollToTop")}
      title={t("shell.scrollToTop")}
      onClick={scrollToTop}
      // Hidden, not removed: its box stays where it is measured.
      className={`fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/20 transition-colors hover:bg-brand-700 sm:right-6 sm:bottom-6 ${coversControl ? "invisible" : ""}`}
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}

/**
 * Whether a control's box overlaps the element's: checked after every scroll, resize and change of
 * the page (once per frame at most).
 */
function useCoversControl(element: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = element.current;
      if (!own) return;
      const box = own.getBoundingClientRect();
      // Any overlap, not a few sampled points: a link that only crosses an edge counts too.
      setCovers(
        [...document.querySelectorAll(CONTROL)].some((control) => {
          if (own.contains(control)) return false;
          const under = control.getBoundingClientRect();
          return (
            under.width > 0 &&
            under.left < box.right &&
            box.left < under.right &&
            under.top < box.bottom &&
            box.top < under.bottom &&
            getComputedStyle(control).visibility === "visible"
          );
        }),
      );
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    // Content that arrives, grows or changes its text or classes (a list loading, an opened
    // panel, a total recalculated) moves controls too.
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      changes.disconnect();
    };
  }, [element, active]);
  return active && covers;
}
