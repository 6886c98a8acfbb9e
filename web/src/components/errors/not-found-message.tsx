import { Button } from "@/components/button";

/** "Page not found" with a way back home: the page of every address no route matches. */
export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>Page not found</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        We couldn’t find that page
      </h1>
      <p className="mt-4 text-ink-muted">
        The address may be mistyped, or the page may have moved. Try the home page or browse all products.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button to="/">Go to the home page</Button>
        <Button to="/products" variant="secondary">
          Browse products
        </Button>
      </div>
    </div>
  );
}
