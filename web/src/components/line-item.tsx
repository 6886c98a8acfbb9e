import { DecorativeImage } from "@/components/decorative-image";
import { Price, SalePrice, savingPercentOf } from "@/components/price";
import { cn } from "@/lib/cn";
import { optionsText } from "@/lib/variant-options";
import { t } from "@/components/messages";

export type LineItemProps = {
  name: string;
  image: string;
  /** The size, colour … chosen ("Size: M · Colour: Navy"); none for a product without options. */
  options: readonly { name: string; value: string }[];
  quantity: number;
  price: number;
  /** The regular ("was") unit price when bought or to be bought on sale. */
  compareAtPrice?: number | null | undefined;
  total: number;
  /** The options line's test id (pages and tests find a line's size by it). */
  optionsTestId?: string;
};

/** One bought or to-be-bought line: picture, name, options, quantity × unit price, line total. */
export function LineItem({
  name,
  image,
  options,
  quantity,
  price,
  compareAtPrice,
  total,
  optionsTestId,
}: LineItemProps) {
  return (
    <>
      <DecorativeImage
        src={image}
        width={56}
        responsive
        decodeAsync
        className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">{name}</p>
        {options.length ? (
          <p className="text-sm text-ink-muted" data-testid={optionsTestId}>
            {optionsText(options)}
          </p>
        ) : null}
        <p className="mt-0.5 text-sm text-ink-muted">
          <span className="tabular-nums">{quantity}</span> ×{" "}
          <SalePrice
            amount={price}
            compareAt={compareAtPrice}
            savingPercent={compareAtPrice ? savingPercentOf(compareAtPrice, price) : 0}
          />
        </p>
      </div>
      <p className="shrink-0 text-right font-semibold text-ink">
        <span className="sr-only">{t("components.lineTotal")} </span>
        <Price amount={total} />
      </p>
    </>
  );
}

type LineItemListProps<Line extends Omit<LineItemProps, "optionsTestId">> = {
  /** The list's accessible name ("Products to buy", "Products in this order"). */
  label: string;
  lines: readonly Line[];
  /** A line's React key. */
  keyOf: (line: Line, index: number) => string;
  optionsTestId?: string;
  className?: string;
};

/** Lines one under another with a rule between them: a checkout's summary, an order's lines. */
export function LineItemList<Line extends Omit<LineItemProps, "optionsTestId">>({
  label,
  lines,
  keyOf,
  optionsTestId,
  className,
}: LineItemListProps<Line>) {
  return (
    <ul aria-label={label} className={cn("divide-y divide-line", className)}>
      {lines.map((line, index) => (
        <li key={keyOf(line, index)} className="flex gap-3 py-3 first:pt-0">
          <LineItem {...line} optionsTestId={optionsTestId} />
        </li>
      ))}
    </ul>
  );
}
