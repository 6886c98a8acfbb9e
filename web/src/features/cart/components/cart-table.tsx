import type { CartLine } from "@shop/contract/cart";
import { Link } from "react-router";

import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { Price } from "@/components/price";
import { CartLinePrice } from "@/features/cart/components/cart-line-price";
import { paths } from "@/config/paths";
import { CartLineImage } from "@/features/cart/components/cart-line-image";
import { CartLineActions, type CartLineActionsProps } from "@/features/cart/components/cart-line-actions";
import { CartLineOptions, CartLineQuantity } from "@/features/cart/components/cart-line-quantity";
import { CART_PAGE_TEXT } from "@/features/cart/texts";
import { cn } from "@/lib/cn";

export type CartLinesViewProps = Omit<CartLineActionsProps, "line" | "full"> & {
  lines: readonly CartLine[];
  className?: string;
};

/** The attribute that marks each line's name: focus moves there after 'Load more...'. */
export const LINE_INDEX_ATTRIBUTE = "data-line-index";

const bodyCell = cn(dataTableCell, "py-4");

const CART_COLUMNS: readonly DataTableColumn[] = [
  { label: "Image", labelHidden: true, className: "w-24" },
  { label: "Product" },
  { label: "Quantity", className: "text-right" },
  { label: "Price", className: "text-right" },
  { label: "Total", className: "text-right" },
  { label: "Actions", labelHidden: true, className: "text-right" },
];

/** The cart on wide screens: one row per line with image, name, quantity, price, total, Pay and Remove. */
export function CartTable({ lines, onRemove, className }: CartLinesViewProps) {
  return (
    <DataTable caption={CART_PAGE_TEXT.tableCaption} columns={CART_COLUMNS} className={className}>
      {lines.map((line, index) => (
        <tr key={line._id}>
          <td className={cn(bodyCell, "pl-5")}>
            <CartLineImage line={line} size={64} />
          </td>
          <th
            scope="row"
            tabIndex={-1}
            {...{ [LINE_INDEX_ATTRIBUTE]: index }}
            className={cn(bodyCell, "text-base font-semibold text-ink")}
          >
            <Link
              to={paths.product.getHref(line.productId)}
              className="rounded underline-offset-4 hover:text-brand-700 hover:underline"
            >
              {line.name}
            </Link>
            <CartLineOptions line={line} />
          </th>
          <td className={cn(bodyCell, "text-right")}>
            <CartLineQuantity line={line} />
          </td>
          <td className={cn(bodyCell, "text-right whitespace-nowrap text-ink-muted")}>
            <CartLinePrice line={line} />
          </td>
          <td className={cn(bodyCell, "text-right text-base font-semibold whitespace-nowrap text-ink")}>
            <Price amount={line.total} />
          </td>
          <td className={cn(bodyCell, "pr-5")}>
            <CartLineActions line={line} onRemove={onRemove} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
