import { lazy, Suspense, useState, type ComponentType } from "react";
import { useLocation } from "react-router";

import { ChunkLoadError, PageErrorBoundary } from "@/components/errors/page-error-boundary";
import { PageSpinner } from "@/components/spinner";
import { CHUNK_LOAD_TIMEOUT_MS } from "@/config/ui";

type PageLoader = () => Promise<ComponentType>;

/** Rejects with a ChunkLoadError when the download fails or takes longer than the time-out. */
function loadWithTimeout(load: PageLoader): Promise<{ default: ComponentType }> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError(true)), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (Page) => {
        window.clearTimeout(timer);
        resolve({ default: Page });
      },
      (cause: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError(false, cause));
      },
    );
  });
}

/**
 * A route page loaded on demand as its own chunk. While it downloads a spinner shows; if the
 * download fails or times out (120 s, SPEC section 9) a message offers to try again, which
 * starts a fresh download instead of replaying the cached failure as React.lazy would. It is
 * also the page's error boundary: a page that breaks while rendering shows the route error.
 *
 * Usage: `Component: lazyPage(() => import("@/features/blog/pages/blog-page").then((m) => m.BlogPage))`
 */
export function lazyPage(load: PageLoader): ComponentType {
  let failed = false;
  const start = () =>
    lazy(() =>
      loadWithTimeout(load).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let current = start();
  /** The downloaded page, or a fresh download when the last one failed. */
  const getPage = (retry: boolean) => {
    if (retry || failed) {
      failed = false;
      current = start();
    }
    return current;
  };

  function LazyPage() {
    const [Page, setPage] = useState(() => getPage(false));
    const { pathname } = useLocation();
    return (
      <PageErrorBoundary onRetry={() => setPage(() => getPage(true))} resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}
