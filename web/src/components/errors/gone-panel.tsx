import { Button } from "@/components/button";
import { SearchIcon } from "@/components/icons";
import { paths } from "@/config/paths";
import { t } from "@/components/messages";

/** A catalogue page whose product or collection is not (or no longer) in the shop. */
export function GonePanel({ title, children }: { title: string; children: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
      <title>{title}</title>
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <SearchIcon className="size-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 max-w-prose text-ink-muted">{children}</p>
      <div className="mt-6">
        <Button to={paths.products.getHref()}>{t("errors.browseAll")}</Button>
      </div>
    </div>
  );
}
