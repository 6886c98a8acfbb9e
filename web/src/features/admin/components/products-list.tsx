import type { Product } from "@shop/contract/catalogue";
import { uploadSrcSet } from "@shop/contract/images";
import { Link } from "react-router";

import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { Price } from "@/components/price";
import { paths } from "@/config/paths";
import { ProductActions, type ProductActionsProps } from "@/features/admin/components/product-actions";
import { ADMIN_TEXTS } from "@/features/admin/config";
import { categoryLabel } from "@/features/admin/utils/product-form";
import { cn } from "@/lib/cn";

export type ProductsListProps = Pick<ProductActionsProps, "onEdit" | "onDelete"> & {
  products: readonly Product[];
  className?: string;
};

const bodyCell = cn(dataTableCell, "py-3");

const PRODUCT_COLUMNS: readonly DataTableColumn[] = [
  { label: "Image", labelHidden: true, className: "w-20" },
  { label: "Product" },
  { label: "Category" },
  { label: "Price", className: "text-right" },
  { label: "Stock", className: "text-right" },
  { label: "Actions", className: "text-right" },
];

function ProductName({ product }: { product: Product }) {
  return (
    <Link
      to={paths.product.getHref(product._id)}
      className="rounded underline-offset-4 hover:text-brand-700 hover:underline"
    >
      {product.productname}
    </Link>
  );
}

function Stock({ stock }: { stock: number }) {
  return stock === 0 ? (
    <span className="font-semibold text-red-700">Out of stock</span>
  ) : (
    <span className="tabular-nums">{stock}</span>
  );
}

function Thumb({ product, size }: { product: Product; size: 48 | 64 }) {
  return (
    // Decorative: the product's name is right beside it.
    <img
      src={product.image}
      srcSet={uploadSrcSet(product.image)}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn("shrink-0 rounded-lg bg-stone-100 object-cover", size === 48 ? "size-12" : "size-16")}
    />
  );
}

/** The products on wide screens: image, name, category, price, stock and the actions, one row each. */
export function ProductsTable({ products, onEdit, onDelete, className }: ProductsListProps) {
  return (
    <DataTable caption={ADMIN_TEXTS.productsCaption} columns={PRODUCT_COLUMNS} className={className}>
      {products.map((product) => (
        <tr key={product._id}>
          <td className={cn(bodyCell, "pl-5")}>
            <Thumb product={product} size={48} />
          </td>
          <th scope="row" className={cn(bodyCell, "font-semibold break-words text-ink")}>
            <ProductName product={product} />
          </th>
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
export function ProductCards({ products, onEdit, onDelete, className }: ProductsListProps) {
  return (
    <ul aria-label={ADMIN_TEXTS.productsCaption} className={cn("flex flex-col gap-4", className)}>
      {products.map((product) => (
        <li key={product._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
          <div className="flex gap-4">
            <Thumb product={product} size={64} />
            <div className="min-w-0 flex-1">
              <h3 className="text-base leading-snug font-semibold break-words text-ink">
                <ProductName product={product} />
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
                <dt className="text-ink-muted">Category</dt>
                <dd className="text-right">{categoryLabel(product.catagory)}</dd>
                <dt className="text-ink-muted">Price</dt>
                <dd className="text-right">
                  <Price amount={product.price} />
                </dd>
                <dt className="text-ink-muted">Stock</dt>
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
