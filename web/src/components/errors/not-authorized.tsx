import { Button } from "@/components/button";
import { LockIcon } from "@/components/icons";
import { APP_NAME } from "@/config/app";
import { paths } from "@/config/paths";

/** Shown instead of a page the signed-in user may not open (e.g. an admin page to a shopper). */
export function NotAuthorized() {
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-6 py-10 text-center">
      <title>{`Not authorized · ${APP_NAME}`}</title>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <LockIcon className="size-6" />
      </span>
      <h2 className="text-2xl font-bold tracking-tight text-ink">You are not authorized to view this page</h2>
      <p className="mx-auto mt-3 max-w-prose text-ink-muted">
        This page is for admins only. If you think you should have access, ask an admin of the shop to make
        you one.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button to={paths.dashboard.root.getHref()}>Back to my profile</Button>
        <Button to={paths.home.getHref()} variant="secondary">
          Go to the home page
        </Button>
      </div>
    </div>
  );
}
