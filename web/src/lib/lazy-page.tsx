import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
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

export type LazyPage = ComponentType & {
  /**
   * Starts downloading the page's code, its top images and data, before it is rendered: the
   * first page of a visit does so at once (app/router.tsx), beside the sign-in check. Settles
   * when the code is there or its download failed (the page shows that failure when rendered).
   */
  preload: () => Promise<void>;
};

/** An image as the page's <img> asks for it: preloading the same srcset and sizes picks the same file. */
export type PreloadImage = { src: string; srcSet?: string; sizes?: string };

export type LazyPageOptions = {
  /** Images at the top of the page (its largest, for LCP), fetched early by preload(). */
  images?: readonly PreloadImage[];
  /** Starts fetching the data at the top of the page, beside its code, from preload(). */
  data?: () => void;
  /** Shown while the code downloads; a page spinner unless given. */
  fallback?: ReactNode;
};

const preloadedImages = new Set<string>();

function preloadImage({ src, srcSet, sizes }: PreloadImage) {
  if (preloadedImages.has(src)) return;
  preloadedImages.add(src);
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = src;
  if (srcSet) link.setAttribute("imagesrcset", srcSet);
  if (sizes) link.setAttribute("imagesizes", sizes);
  link.fetchPriority = "high";
  document.head.append(link);
}

/**
 * A route page loaded on demand as its own chunk. While it downloads a spinner shows; if the
 * download fails or times out (120 s, SPEC section 9) a message offers to try again, which
 * starts a fresh download instead of replaying the cached failure as React.lazy would. It is
 * also the page's error boundary: a page that breaks while rendering shows the route error.
 *
 * Usage: `Component: lazyPage(() => import("@/features/blog/pages/blog-page").then((m) => m.BlogPage))`
 */
export function lazyPage(
  load: PageLoader,
  { images = [], data, fallback = <PageSpinner /> }: LazyPageOptions = {},
): LazyPage {
  let download: Promise<{ default: ComponentType }> | undefined;
  let failed = false;
  /** One download, shared by preload() and the first render; after a failure, a fresh one. */
  const downloadOnce = () => {
    download ??= loadWithTimeout(load).catch((error: unknown) => {
      failed = true;
      download = undefined;
      throw error;
    });
    return download;
  };
  const start = () => lazy(downloadOnce);
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
    const [Page, setPage] = useState(() => {
      // Reached by a link before its code is here: fetch its data beside the code, not after it
      // (a visit's first page did so in preload()).
      if (download === undefined) data?.();
      return getPage(false);
    });
    const { pathname } = useLocation();
    return (
      <PageErrorBoundary onRetry={() => setPage(() => getPage(true))} resetKey={pathname}>
        <Suspense fallback={fallback}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  LazyPage.preload = () => {
    for (const image of images) preloadImage(image);
    data?.();
    // A failure shows when the page renders, with its retry.
    return downloadOnce().then(
      () => {},
      () => {},
    );
  };
  return LazyPage;
}
