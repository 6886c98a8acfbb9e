import { Button } from "@/components/button";
import { t } from "@/components/messages";

/** "Page not found" with a way back home: the page of every address no route matches. */
export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{t("errors.404.title")}</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("errors.404")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {t("errors.404.heading")}
      </h1>
      <p className="mt-4 text-ink-muted">{t("errors.404.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button to="/">{t("errors.goHome")}</Button>
        <Button to="/products" variant="secondary">
          {t("errors.browse")}
        </Button>
      </div>
    </div>
  );
}
