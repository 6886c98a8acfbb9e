import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";

import { Button } from "@/components/button";
import { NotFoundMessage } from "@/components/errors/not-found-message";
import { PageContainer } from "@/components/page-container";

/**
 * A route's error boundary (react-router `ErrorBoundary`): whatever broke while rendering or
 * loading the page, the shopper gets a friendly message and a way home, and the shell around
 * it keeps working.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error("Route error", error);
  }, [error, notFound]);

  return <PageContainer>{notFound ? <NotFoundMessage /> : <SomethingWentWrong />}</PageContainer>;
}

function SomethingWentWrong() {
  return (
    <div role="alert" className="mx-auto max-w-xl py-16 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Sorry, something went wrong</h1>
      <p className="mt-4 text-ink-muted">
        This page ran into a problem. Reloading often helps; if it keeps happening, please come back a little
        later.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button to="/" variant="secondary" reloadDocument>
          Go to the home page
        </Button>
      </div>
    </div>
  );
}

/** The outermost boundary, for when the shell itself fails: a bare page with the same message. */
export function RootRouteError() {
  return (
    <main id="main-content" className="min-h-dvh bg-canvas">
      <RouteError />
    </main>
  );
}
