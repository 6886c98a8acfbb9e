import type { AdminProduct } from "@shop/contract/admin";

import { Button } from "@/components/button";
import { PencilIcon } from "@/components/page-icons";
import { RowActions } from "@/components/row-actions";
import { t } from "@/features/admin/messages";

export type ProductActionsProps = {
  product: AdminProduct;
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct, opener: HTMLElement) => void;
  /** Stretch over the width (the cards on small screens). */
  full?: boolean;
};

/** Marks each Edit button with its product's id: focus returns there when the edit form closes. */
export const EDIT_BUTTON_ATTRIBUTE = "data-edit-product";

/** Edit and Delete for one product, each named after it ("Delete Aviator Chronograph Watch"). */
export function ProductActions({ product, onEdit, onDelete, full = false }: ProductActionsProps) {
  return (
    <RowActions
      removeText={t("admin.delete")}
      removeLabel={t("admin.deleteProduct", { name: product.productname })}
      onRemove={(opener) => onDelete(product, opener)}
      full={full}
    >
      <Button
        size="sm"
        variant="light"
        full={full}
        icon={<PencilIcon className="size-4" />}
        aria-label={t("admin.editProduct", { name: product.productname })}
        {...{ [EDIT_BUTTON_ATTRIBUTE]: product._id }}
        onClick={() => onEdit(product)}
      >
        {t("admin.edit")}
      </Button>
    </RowActions>
  );
}
