import type { LowStockItem } from "@shop/contract/desk";
import { LOW_STOCK_SALES_WINDOW_DAYS } from "@shop/contract/desk-constants";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FigureTable } from "@/components/figure-table";
import { DeskSection } from "@/components/desk-section";
import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useLowStock, useSetLowStockThreshold, useWaitingForStock } from "@/features/stock/api/low-stock";
import { t } from "@/features/stock/messages";
import { getErrorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/i18n";
import { notifyError, notifyUpdated } from "@/lib/toast";
import { optionsText } from "@/lib/variant-options";

const coverText = (item: LowStockItem) =>
  item.daysOfCover === null
    ? t("stock.noSales")
    : t("stock.coverDays", { days: formatNumber(item.daysOfCover, { maximumFractionDigits: 1 }) });

const stockText = (item: LowStockItem) =>
  item.stock === 0 ? t("stock.outOfStock") : formatNumber(item.stock);

/** Phones: one card per product, the table's facts under its name (the table would scroll). */
function LowStockCards({ items, threshold }: { items: readonly LowStockItem[]; threshold: number }) {
  return (
    <ul aria-label={t("stock.fewerThan", { threshold })} className="flex flex-col gap-3 sm:hidden">
      {items.map((item) => (
        <li key={item.variantId} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
          <ItemName item={item} className="font-semibold text-ink" />
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <div className="flex flex-col justify-between">
              <dt className="text-ink-muted">{t("stock.inStock")}</dt>
              <dd className={cn("tabular-nums", item.stock === 0 && "font-bold text-red-700")}>
                {stockText(item)}
              </dd>
            </div>
            <div className="flex flex-col justify-between">
              <dt className="text-ink-muted">{t("stock.sold", { days: LOW_STOCK_SALES_WINDOW_DAYS })}</dt>
              <dd className="tabular-nums">{formatNumber(item.unitsSold28Days)}</dd>
            </div>
            <div className="flex flex-col justify-between">
              <dt className="text-ink-muted">{t("stock.daysOfCover")}</dt>
              <dd className="tabular-nums">{coverText(item)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ThresholdForm({ current }: { current: number }) {
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const save = useSetLowStockThreshold();
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const threshold = Number(value);
    if (!/^\d+$/.test(value.trim()) || threshold > 100_000) {
      setError(t("stock.thresholdInvalid"));
      return;
    }
    setError(null);
    save.mutate(threshold, {
      onSuccess: () => notifyUpdated(t("stock.thresholdSaved", { threshold })),
      onError: (failure) => notifyError(getErrorMessage(failure)),
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t("stock.thresholdForm")}
      className="mb-6 flex flex-wrap items-end gap-3"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-semibold text-ink">
          {t("stock.thresholdLabel")}
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-10 w-32 rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink shadow-xs"
        />
      </div>
      <Button submit isLoading={save.isPending} size="base">
        {t("stock.saveThreshold")}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * /dashboard/lowstock (admins): products below the owner's threshold, lowest first, with how many
 * days their stock lasts at the last 28 days' pace.
 */
/** Shoppers who asked "Notify me" on a sold-out variant, counted per variant. */
function WaitingForRestock() {
  const query = useWaitingForStock();
  return (
    <DeskSection id="waiting-for-restock" title={t("stock.waitingHeading")} className="mt-8 gap-3">
      <QueryStates
        query={query}
        pending={<Spinner label={t("stock.waitingLoading")} />}
        errorTitle={t("stock.waitingLoadError")}
      >
        {(waiting) =>
          waiting.length === 0 ? (
            <p className="text-sm text-ink-muted">{t("stock.nobodyWaiting")}</p>
          ) : (
            <ul aria-label={t("stock.waitingList")} className="flex flex-col gap-2">
              {waiting.map((variant) => (
                <li
                  key={variant.variantId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3 text-sm"
                >
                  <span>
                    <Link
                      className="font-medium text-ink underline-offset-2 hover:underline"
                      to={paths.product.getHref(variant.productId)}
                    >
                      {variant.productName}
                    </Link>
                    {variant.optionValues.length > 0 ? (
                      <span className="text-ink-muted"> · {variant.optionValues.join(", ")}</span>
                    ) : null}
                  </span>
                  <span className="tabular-nums text-ink">
                    <strong>{formatNumber(variant.waiting)}</strong>{" "}
                    {variant.stock === 0
                      ? t("stock.waitingOut")
                      : t("stock.waitingIn", { stock: variant.stock })}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryStates>
    </DeskSection>
  );
}

export function LowStockPage() {
  const query = useLowStock();
  return (
    <>
      <DeskPageTitle
        title={t("stock.title")}
        documentTitle={t("stock.documentTitle")}
        subtitle={t("stock.subtitle", { days: LOW_STOCK_SALES_WINDOW_DAYS })}
        className="mb-8"
      />
      <QueryStates
        query={query}
        pending={<Spinner label={t("stock.loading")} />}
        errorTitle={t("stock.loadError")}
      >
        {(lowStock) => (
          <>
            <ThresholdForm key={lowStock.threshold} current={lowStock.threshold} />
            {lowStock.items.length === 0 ? (
              <EmptyState title={t("stock.nothingLow")}>
                {t("stock.nothingLowBody", { threshold: lowStock.threshold })}
              </EmptyState>
            ) : (
              <>
                <LowStockCards items={lowStock.items} threshold={lowStock.threshold} />
                <FigureTable
                  caption={t("stock.fewerThan", { threshold: lowStock.threshold })}
                  columns={[
                    { label: t("stock.product") },
                    { label: t("stock.inStock"), numeric: true },
                    { label: t("stock.sold", { days: LOW_STOCK_SALES_WINDOW_DAYS }), numeric: true },
                    { label: t("stock.daysOfCover"), numeric: true },
                  ]}
                  cellPadding="px-4 py-3"
                  className="hidden rounded-2xl bg-white shadow-sm sm:block"
                >
                  {lowStock.items.map((item) => (
                    <tr key={item.variantId} className="border-t border-line">
                      <th scope="row" className="px-4 py-3 font-medium text-ink">
                        <ItemName item={item} />
                      </th>
                      <td
                        className={`px-4 py-3 text-right tabular-nums ${item.stock === 0 ? "font-bold text-red-700" : ""}`}
                      >
                        {stockText(item)}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">
                        {formatNumber(item.unitsSold28Days)}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{coverText(item)}</td>
                    </tr>
                  ))}
                </FigureTable>
              </>
            )}
          </>
        )}
      </QueryStates>
      <WaitingForRestock />
    </>
  );
}

/** Which size and colour of the product is low ("Size: M · Colour: Blue"); nothing without options. */
/** A low variant as both layouts name it: its product (a link to the product's page), its options under it. */
function ItemName({ item, className }: { item: LowStockItem; className?: string }) {
  return (
    <>
      <Link
        className={cn("underline-offset-2 hover:underline", className)}
        to={paths.product.getHref(item.productId)}
      >
        {item.name}
      </Link>
      <VariantOptions item={item} />
    </>
  );
}

function VariantOptions({ item }: { item: LowStockItem }) {
  if (item.options.length === 0) return null;
  return (
    <span className="block text-sm font-normal text-ink-muted" data-testid="low-stock-options">
      {optionsText(item.options)}
    </span>
  );
}
