import type { AdminProduct } from "@shop/contract/admin";
import { Link } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { Price } from "@/components/price";
import { paths } from "@/config/paths";
import { ProductActions, type ProductActionsProps } from "@/features/admin/components/product-actions";
import { t } from "@/features/admin/messages";
import { categoryLabel } from "@/config/categories";
import { cn } from "@/lib/cn";
import { formatDate, formatNumber } from "@/lib/i18n";

/** The bulk edit's checkboxes (absent: the list has none). */
export type RowSelection = {
  isSelected: (productId: string) => boolean;
  onToggle: (productId: string, checked: boolean) => void;
  isPageSelected: boolean;
  onTogglePage: (checked: boolean) => void;
};

export type ProductsListProps = Pick<ProductActionsProps, "onEdit" | "onDelete"> & {
  products: readonly AdminProduct[];
  selection?: RowSelection;
  className?: string;
};

const checkboxClass = "size-5 rounded border-line accent-brand-600";

/** One row's checkbox, named by its product ("Select Canvas Sneaker"). */
function RowCheckbox({ product, selection }: { product: AdminProduct; selection: RowSelection }) {
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={t("admin.bulk.selectRow", { name: product.productname })}
      checked={selection.isSelected(product._id)}
      onChange={(event) => selection.onToggle(product._id, event.target.checked)}
    />
  );
}

/** Selects or clears every row of the page. */
export function PageCheckbox({ selection, label }: { selection: RowSelection; label?: string }) {
  const box = (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={label ? undefined : t("admin.bulk.selectPage")}
      checked={selection.isPageSelected}
      onChange={(event) => selection.onTogglePage(event.target.checked)}
    />
  );
  if (!label) return box;
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
      {box}
      {label}
    </label>
  );
}

const bodyCell = cn(dataTableCell, "py-3");

const PRODUCT_COLUMNS: readonly DataTableColumn[] = [
  { label: t("admin.column.image"), labelHidden: true, className: "w-20" },
  { label: t("admin.column.product") },
  { label: t("admin.column.status") },
  { label: t("admin.column.category") },
  { label: t("admin.column.price"), className: "text-right" },
  { label: t("admin.column.stock"), className: "text-right" },
  { label: t("admin.column.actions"), className: "text-right" },
];

/** Shoppers see it now (decision 046): active, and its publish time, if any, has come. */
function isLive(product: AdminProduct) {
  return product.status === "active" && (!product.publishAt || Date.parse(product.publishAt) <= Date.now());
}

function ProductName({ product }: { product: AdminProduct }) {
  return (
    <Link
      // One shoppers cannot see yet opens as the owner's preview.
      to={isLive(product) ? paths.product.getHref(product._id) : paths.product.getPreviewHref(product._id)}
      className="rounded underline-offset-4 hover:text-brand-700 hover:underline"
    >
      {product.productname}
    </Link>
  );
}

function Stock({ stock }: { stock: number }) {
  return stock === 0 ? (
    <span className="font-semibold text-red-700">{t("admin.products.outOfStock")}</span>
  ) : (
    <span className="tabular-nums">{formatNumber(stock)}</span>
  );
}

const STATUS_STYLES = {
  active: "bg-green-50 text-green-800 ring-green-200",
  scheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  draft: "bg-amber-50 text-amber-900 ring-amber-200",
  archived: "bg-stone-100 text-stone-700 ring-stone-300",
} as const;

/** Where the product stands: Active, Draft, Archived, or Scheduled with its launch time. */
export function StatusBadge({ product }: { product: AdminProduct }) {
  const scheduled = product.status === "active" && !isLive(product);
  const kind = scheduled ? "scheduled" : product.status;
  const label = scheduled
    ? t("admin.products.scheduled", {
        date: formatDate(product.publishAt!, { dateStyle: "medium", timeStyle: "short" }),
      })
    : {
        active: t("admin.status.active"),
        draft: t("admin.status.draft"),
        archived: t("admin.status.archived"),
      }[product.status];
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        STATUS_STYLES[kind],
      )}
    >
      {label}
    </span>
  );
}

function Thumb({ product, size }: { product: AdminProduct; size: 48 | 64 }) {
  return (
    // Decorative: the product's name is right beside it.
    <DecorativeImage
      src={product.image}
      width={size}
      lazy
      responsive
      className={cn("shrink-0 rounded-lg bg-stone-100 object-cover", size === 48 ? "size-12" : "size-16")}
    />
  );
}

/** The products on wide screens: image, name, category, price, stock and the actions, one row each. */
export function ProductsTable({ products, onEdit, onDelete, selection, className }: ProductsListProps) {
  const columns = selection
    ? [{ label: <PageCheckbox selection={selection} />, className: "w-12" }, ...PRODUCT_COLUMNS]
    : PRODUCT_COLUMNS;
  return (
    <DataTable caption={t("admin.productsCaption")} columns={columns} className={className}>
      {products.map((product) => (
        <tr key={product._id} className={selection?.isSelected(product._id) ? "bg-brand-50" : undefined}>
          {selection ? (
            <td className={cn(bodyCell, "pl-5")}>
              <RowCheckbox product={product} selection={selection} />
            </td>
          ) : null}
          <td className={cn(bodyCell, selection ? undefined : "pl-5")}>
            <Thumb product={product} size={48} />
          </td>
          <th scope="row" className={cn(bodyCell, "font-semibold break-words text-ink")}>
            <ProductName product={product} />
          </th>
          <td className={bodyCell}>
            <StatusBadge product={product} />
          </td>
          <td className={cn(bodyCell, "text-ink-muted")}>{categoryLabel(product.catagory)}</td>
          <td className={cn(bodyCell, "text-right whitespace-nowrap text-ink")}>
            <Price amount={product.price} />
          </td>
          <td className={cn(bodyCell, "text-right")}>
            <Stock stock={product.stock} />
          </td>
          <td className={cn(bodyCell, "pr-5")}>
            <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The products on small screens: one card per product, the same facts and actions as the table. */
export function ProductCards({ products, onEdit, onDelete, selection, className }: ProductsListProps) {
  return (
    <ul aria-label={t("admin.productsCaption")} className={cn("flex flex-col gap-4", className)}>
      {products.map((product) => (
        <li
          key={product._id}
          className={cn(
            "rounded-2xl border border-line bg-white p-4 shadow-sm",
            selection?.isSelected(product._id) && "border-brand-600 bg-brand-50",
          )}
        >
          <div className="flex gap-4">
            {selection ? (
              <div className="pt-1">
                <RowCheckbox product={product} selection={selection} />
              </div>
            ) : null}
            <Thumb product={product} size={64} />
            <div className="min-w-0 flex-1">
              <h3 className="text-base leading-snug font-semibold break-words text-ink">
                <ProductName product={product} />
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
                <dt className="text-ink-muted">{t("admin.column.status")}</dt>
                <dd className="text-right">
                  <StatusBadge product={product} />
                </dd>
                <dt className="text-ink-muted">{t("admin.column.category")}</dt>
                <dd className="text-right">{categoryLabel(product.catagory)}</dd>
                <dt className="text-ink-muted">{t("admin.column.price")}</dt>
                <dd className="text-right">
                  <Price amount={product.price} />
                </dd>
                <dt className="text-ink-muted">{t("admin.column.stock")}</dt>
                <dd className="text-right">
                  <Stock stock={product.stock} />
                </dd>
              </dl>
            </div>
          </div>
          <div className="mt-4 border-t border-line pt-4">
            <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} full />
          </div>
        </li>
      ))}
    </ul>
  );
}
