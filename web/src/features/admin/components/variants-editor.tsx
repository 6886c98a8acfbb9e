import { currencyLabel, plainAmount } from "@/lib/shop-currency";
import type { ProductDetail } from "@shop/contract/variants";
import { useState } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { controlClassName } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { useProductVariants, useSaveImages, useSaveVariants } from "@/features/admin/api/product-variants";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { t } from "@/features/admin/messages";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

type OptionDraft = { name: string; values: string };
type Row = { price: string; salePrice: string; stock: string };

/** An ISO time as a datetime-local input's value, in the owner's time zone ("2026-12-01T10:00"). */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value (the owner's time zone) as an ISO time; empty: open. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

const splitValues = (text: string) =>
  text
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);

/** Every combination of the options' values, in option order. */
function combinations(options: readonly { name: string; values: string[] }[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

const keyOf = (combo: Record<string, string>) => JSON.stringify(Object.entries(combo));

/** The server's field errors as one message per line ("variants.3.price: …"). */
function problemText(error: unknown): string {
  if (isApiError(error) && Object.keys(error.errors).length) {
    return Object.entries(error.errors)
      .map(([field, message]) => `${field}: ${message}`)
      .join("\n");
  }
  return getErrorMessage(error);
}

/**
 * Manage Products' sizes, colours and pictures of one product: its options (values separated by
 * commas), a row per combination with its own price and stock, and the gallery in order (the
 * first picture is the main one). Every rule is checked again on the server.
 */
export function VariantsEditor({ productId }: { productId: string }) {
  const detail = useProductVariants(productId);
  if (detail.isPending) return <ListSkeleton label={t("admin.edit.variantsLoading")} rows={3} />;
  if (detail.isError) return <FormAlert>{getErrorMessage(detail.error)}</FormAlert>;
  return (
    <div className="flex flex-col gap-8">
      <OptionsAndVariants key={`v-${productId}`} detail={detail.data} />
      <Gallery key={`g-${productId}`} detail={detail.data} />
    </div>
  );
}

function OptionsAndVariants({ detail }: { detail: ProductDetail }) {
  const save = useSaveVariants(detail._id);
  const [options, setOptions] = useState<OptionDraft[]>(
    detail.options.map((option) => ({ name: option.name, values: option.values.join(", ") })),
  );
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      detail.variants.map((variant) => [
        keyOf(
          Object.fromEntries(detail.options.map((option) => [option.name, variant.options[option.name]!])),
        ),
        {
          // While a sale runs, `price` is the sale's: the regular price is the "was" one.
          price: plainAmount(variant.compareAtPrice ?? variant.price),
          salePrice: variant.salePrice === null ? "" : plainAmount(variant.salePrice),
          stock: String(variant.stock),
        },
      ]),
    ),
  );
  const parsed = options
    .map((option) => ({ name: option.name.trim(), values: splitValues(option.values) }))
    .filter((option) => option.name || option.values.length);
  const combos = combinations(parsed).slice(0, 200);
  const rowOf = (combo: Record<string, string>): Row =>
    rows[keyOf(combo)] ?? {
      price: plainAmount(detail.compareAtPrice ?? detail.price),
      salePrice: "",
      stock: "0",
    };
  const [saleStartsAt, setSaleStartsAt] = useState(localInputValue(detail.saleStartsAt));
  const [saleEndsAt, setSaleEndsAt] = useState(localInputValue(detail.saleEndsAt));
  const setRow = (combo: Record<string, string>, change: Partial<Row>) =>
    setRows((current) => ({ ...current, [keyOf(combo)]: { ...rowOf(combo), ...change } }));

  const submit = () =>
    save.mutate(
      {
        options: parsed,
        variants: combos.map((combo) => {
          const row = rowOf(combo);
          return {
            options: combo,
            price: row.price,
            salePrice: row.salePrice.trim() ? row.salePrice.trim() : null,
            stock: Number(row.stock),
          };
        }),
        saleStartsAt: isoOf(saleStartsAt),
        saleEndsAt: isoOf(saleEndsAt),
      },
      { onSuccess: () => notifyUpdated(t("admin.variants.saved")) },
    );

  return (
    <Panel
      title={t("admin.variants.heading")}
      level={4}
      headingClassName="font-bold"
      description={t("admin.variants.description")}
    >
      <div className="mt-4 flex flex-col gap-3">
        {options.map((option, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto]">
            <input
              aria-label={t("admin.variants.optionName", { number: index + 1 })}
              className={controlClassName(undefined)}
              value={option.name}
              placeholder={t("admin.variants.optionNamePlaceholder")}
              onChange={(event) =>
                setOptions((all) => all.map((o, i) => (i === index ? { ...o, name: event.target.value } : o)))
              }
            />
            <input
              aria-label={t("admin.variants.optionValues", { number: index + 1 })}
              className={controlClassName(undefined)}
              value={option.values}
              placeholder={t("admin.variants.optionValuesPlaceholder")}
              onChange={(event) =>
                setOptions((all) =>
                  all.map((o, i) => (i === index ? { ...o, values: event.target.value } : o)),
                )
              }
            />
            <Button
              variant="light"
              size="sm"
              onClick={() => setOptions((all) => all.filter((_, i) => i !== index))}
            >
              {t("admin.variants.removeOption")}
            </Button>
          </div>
        ))}
        {options.length < 3 ? (
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setOptions((all) => [...all, { name: "", values: "" }])}
            >
              {t("admin.variants.addOption")}
            </Button>
          </div>
        ) : null}
      </div>

      <fieldset className="mt-5 grid gap-3 sm:grid-cols-2">
        <legend className="text-sm font-semibold text-ink">{t("admin.variants.sale")}</legend>
        <p className="text-sm text-ink-muted sm:col-span-2">{t("admin.variants.saleHint")}</p>
        <SaleMoment label={t("admin.variants.saleStarts")} value={saleStartsAt} onChange={setSaleStartsAt} />
        <SaleMoment label={t("admin.variants.saleEnds")} value={saleEndsAt} onChange={setSaleEndsAt} />
      </fieldset>

      <div className="mt-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("admin.variants.caption")}</caption>
          <thead>
            <tr className="text-xs text-ink-muted uppercase">
              <th scope="col" className="py-2 pr-3">
                {t("admin.variants.variant")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("admin.variants.price", { currency: currencyLabel() })}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("admin.variants.salePrice", { currency: currencyLabel() })}
              </th>
              <th scope="col" className="py-2">
                {t("admin.variants.stock")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {combos.map((combo) => {
              const label = Object.values(combo).join(" / ") || t("admin.variants.default");
              const row = rowOf(combo);
              return (
                <tr key={keyOf(combo)}>
                  <th scope="row" className="py-2 pr-3 font-medium text-ink">
                    {label}
                  </th>
                  <td className="py-2 pr-3">
                    <input
                      aria-label={t("admin.variants.priceOf", { label })}
                      inputMode="decimal"
                      className={controlClassName(undefined, "w-28")}
                      value={row.price}
                      onChange={(event) => setRow(combo, { price: event.target.value })}
                    />
                  </td>
                  <td className="py-2 pr-3">
                    <input
                      aria-label={t("admin.variants.salePriceOf", { label })}
                      inputMode="decimal"
                      placeholder={t("admin.variants.salePriceNone")}
                      className={controlClassName(undefined, "w-28")}
                      value={row.salePrice}
                      onChange={(event) => setRow(combo, { salePrice: event.target.value })}
                    />
                  </td>
                  <td className="py-2">
                    <input
                      aria-label={t("admin.variants.stockOf", { label })}
                      inputMode="numeric"
                      className={controlClassName(undefined, "w-24")}
                      value={row.stock}
                      onChange={(event) => setRow(combo, { stock: event.target.value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {save.isError ? (
        <FormAlert className="mt-4 whitespace-pre-line">{problemText(save.error)}</FormAlert>
      ) : null}
      <div className="mt-4">
        <Button onClick={submit} isLoading={save.isPending}>
          {t("admin.variants.save")}
        </Button>
      </div>
    </Panel>
  );
}

function Gallery({ detail }: { detail: ProductDetail }) {
  const save = useSaveImages(detail._id);
  const [images, setImages] = useState(detail.images);
  const [newUrl, setNewUrl] = useState("");
  const values = detail.options.flatMap((option) => option.values);
  const move = (from: number, to: number) =>
    setImages((all) => {
      if (to < 0 || to >= all.length) return all;
      const next = [...all];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  return (
    <Panel
      title={t("admin.pictures.heading")}
      level={4}
      headingClassName="font-bold"
      description={t("admin.pictures.description")}
    >
      <ol className="mt-4 flex flex-col gap-3">
        {images.map((image, index) => (
          <li key={image.url} className="flex flex-wrap items-center gap-3">
            <img src={image.url} alt="" width={56} height={56} className="size-14 rounded-lg object-cover" />
            <span className="min-w-0 flex-1 truncate text-sm">
              {index === 0 ? <strong>{t("admin.pictures.main")}</strong> : null}
              {image.url}
            </span>
            {values.length ? (
              <select
                aria-label={t("admin.pictures.isFor", { number: index + 1 })}
                className={controlClassName(undefined, "w-36")}
                value={image.optionValue ?? ""}
                onChange={(event) =>
                  setImages((all) =>
                    all.map((item, i) =>
                      i === index ? { ...item, optionValue: event.target.value || null } : item,
                    ),
                  )
                }
              >
                <option value="">{t("admin.pictures.allVariants")}</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            ) : null}
            <Button
              variant="light"
              size="sm"
              disabled={index === 0}
              aria-label={t("admin.pictures.makeMainLabel", { number: index + 1 })}
              onClick={() => move(index, 0)}
            >
              {t("admin.pictures.makeMain")}
            </Button>
            <Button
              variant="light"
              size="sm"
              disabled={index === 0}
              aria-label={t("admin.pictures.upLabel", { number: index + 1 })}
              onClick={() => move(index, index - 1)}
            >
              {t("admin.pictures.up")}
            </Button>
            <Button
              variant="light"
              size="sm"
              disabled={index === images.length - 1}
              aria-label={t("admin.pictures.downLabel", { number: index + 1 })}
              onClick={() => move(index, index + 1)}
            >
              {t("admin.pictures.down")}
            </Button>
            <Button
              variant="light"
              size="sm"
              disabled={images.length === 1}
              aria-label={t("admin.pictures.removeLabel", { number: index + 1 })}
              onClick={() => setImages((all) => all.filter((_, i) => i !== index))}
            >
              {t("admin.pictures.remove")}
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <input
          aria-label={t("admin.pictures.newAddress")}
          placeholder={t("admin.pictures.newAddressPlaceholder")}
          className={controlClassName(undefined, "min-w-0 flex-1")}
          value={newUrl}
          onChange={(event) => setNewUrl(event.target.value)}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={!newUrl.trim()}
          onClick={() => {
            setImages((all) => [...all, { url: newUrl.trim(), optionValue: null }]);
            setNewUrl("");
          }}
        >
          {t("admin.pictures.add")}
        </Button>
      </div>
      {save.isError ? (
        <FormAlert className="mt-4 whitespace-pre-line">{problemText(save.error)}</FormAlert>
      ) : null}
      <div className="mt-4">
        <Button
          onClick={() =>
            save.mutate({ images }, { onSuccess: () => notifyUpdated(t("admin.pictures.saved")) })
          }
          isLoading={save.isPending}
        >
          {t("admin.pictures.save")}
        </Button>
      </div>
    </Panel>
  );
}

/** When the sale starts or ends: a labelled date and time, to the second. */
function SaleMoment({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-ink">
      {label}
      <input
        type="datetime-local"
        step={1}
        className={controlClassName(undefined)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
