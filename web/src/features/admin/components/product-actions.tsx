import type { Product } from "@shop/contract/catalogue";

import { Button } from "@/components/button";
import { PencilIcon, TrashIcon } from "@/components/icons";
import { cn } from "@/lib/cn";

export type ProductActionsProps = {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product, opener: HTMLElement) => void;
  /** Stretch over the width (the cards on small screens). */
  full?: boolean;
};

/** Marks each Edit button with its product's id: focus returns there when the edit form closes. */
export const EDIT_BUTTON_ATTRIBUTE = "data-edit-product";

/** Edit and Delete for one product, each named after it ("Delete Aviator Chronograph Watch"). */
export function ProductActions({ product, onEdit, onDelete, full = false }: ProductActionsProps) {
  return (
    <div className={cn("flex gap-2", full ? "grid grid-cols-2" : "justify-end")}>
      <Button
        size="sm"
        variant="light"
        full={full}
        icon={<PencilIcon className="size-4" />}
        aria-label={`Edit ${product.productname}`}
        {...{ [EDIT_BUTTON_ATTRIBUTE]: product._id }}
        onClick={() => onEdit(product)}
      >
        Edit
      </Button>
      <button
        type="button"
        aria-label={`Delete ${product.productname}`}
        onClick={(event) => onDelete(product, event.currentTarget)}
        className={cn(
          "inline-flex min-h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5",
          "text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset",
          "transition-colors duration-150 hover:bg-red-50 active:bg-red-100",
          full && "w-full",
        )}
      >
        <TrashIcon className="size-4" />
        Delete
      </button>
    </div>
  );
}
