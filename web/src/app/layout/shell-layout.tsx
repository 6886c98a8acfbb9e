import { lazy, Suspense, useEffect, useRef, type MouseEvent, type RefObject } from "react";
import { Outlet, useLocation } from "react-router";

import { Footer } from "@/app/layout/footer";
import { TopBar } from "@/app/layout/top-bar";
import { RouteError, RouteErrorBoundary } from "@/components/errors/route-error";
import { SCROLL_TO_TOP_THRESHOLD_PX } from "@/config/ui";
import { useScrolledPast } from "@/hooks/use-scrolled-past";
import { t } from "@/lib/i18n";

/** The scroll-to-top button's code is fetched once the page is scrolled far enough to show it. */
const ScrollToTopButton = lazy(() =>
  import("@/app/layout/scroll-to-top-button").then((module) => ({ default: module.ScrollToTopButton })),
);

const TOP_ID = "top";
const MAIN_ID = "main-content";

/** The page shell around every route: skip link, top bar, main content, footer. */
export function ShellLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(mainRef, pathname);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <div id={TOP_ID} tabIndex={-1} />
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToContent}
        className="fixed top-3 left-3 z-50 -translate-y-24 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-lg transition-transform focus:translate-y-0"
      >
        {t("shell.skipToContent")}
      </a>
      <TopBar />
      {/* At least a screen high: the footer starts below the first screenful, so it does not
          jump down (layout shift) when the page's content arrives after a spinner. */}
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="min-h-screen flex-1">
        <RouteErrorBoundary resetKey={pathname} fallback={<RouteError />}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}

function ScrollToTop() {
  const scrolledPast = useScrolledPast(SCROLL_TO_TOP_THRESHOLD_PX);
  if (!scrolledPast) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopButton focusTargetId={TOP_ID} />
    </Suspense>
  );
}

/**
 * SPEC section 2: the page scrolls to the top on every route change. Focus moves to the main
 * content too, so keyboard and screen-reader users start reading the new page.
 */
function useScrollToTopOnNavigate(mainRef: RefObject<HTMLElement | null>, pathname: string) {
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
