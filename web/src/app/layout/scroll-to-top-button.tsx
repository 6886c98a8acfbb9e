import { ArrowUpIcon } from "@/components/icons";
import { SCROLL_TO_TOP_THRESHOLD_PX } from "@/config/ui";
import { useScrolledPast } from "@/hooks/use-scrolled-past";
import { prefersReducedMotion } from "@/lib/motion";

/** Appears once the page is scrolled past 600 px (SPEC section 2) and brings it back up. */
export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  if (!visible) return null;

  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    // The button disappears at the top: hand keyboard focus to the top of the page.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={scrollToTop}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/20 transition-colors hover:bg-brand-700 sm:right-6 sm:bottom-6"
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
