import { Button } from "@/components/button";
import { LockIcon } from "@/components/page-icons";
import { APP_NAME } from "@/config/app";
import { paths } from "@/config/paths";
import { t } from "@/components/messages";

/** Shown instead of a page the signed-in user may not open (e.g. an admin page to a shopper). */
export function NotAuthorized() {
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-6 py-10 text-center">
      <title>{t("errors.403.title", { shop: APP_NAME })}</title>
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <LockIcon className="size-6" />
      </span>
      <h2 className="text-2xl font-bold tracking-tight text-ink">{t("errors.403.heading")}</h2>
      <p className="mx-auto mt-3 max-w-prose text-ink-muted">{t("errors.403.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button to={paths.dashboard.root.getHref()}>{t("errors.403.profile")}</Button>
        <Button to={paths.home.getHref()} variant="secondary">
          {t("errors.goHome")}
        </Button>
      </div>
    </div>
  );
}
