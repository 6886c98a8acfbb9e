import { lazy, Suspense, useEffect, useRef } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ChevronLeftIcon } from "@/components/icons";
import { QueryStates } from "@/components/query-states";
import { useProductForEdit } from "@/features/admin/api/get-product";
import { useUpdateProduct } from "@/features/admin/api/update-product";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { ProductForm } from "@/features/admin/components/product-form";
import { t } from "@/features/admin/messages";
import { productToFormValues } from "@/features/admin/utils/product-form";
import { isUnknownIdError } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

/** Sizes, colours and pictures: loaded when a product is opened, not with the list. */
const VariantsEditor = lazy(() =>
  import("@/features/admin/components/variants-editor").then((m) => ({ default: m.VariantsEditor })),
);

export type EditProductPanelProps = {
  productId: string;
  /** Back to the list, saved or not. */
  onClose: () => void;
};

/**
 * Manage Products' edit form for one product: the same fields and rules as Add Product, filled
 * with the product as the server has it now. Saving says 'Product updated' and goes back.
 */
export function EditProductPanel({ productId, onClose }: EditProductPanelProps) {
  const productQuery = useProductForEdit(productId);
  const update = useUpdateProduct();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The panel replaces the list: keyboard and screen-reader users continue at its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const back = (
    <Button variant="light" size="sm" icon={<ChevronLeftIcon className="size-4" />} onClick={onClose}>
      {t("admin.edit.back")}
    </Button>
  );

  return (
    <section aria-labelledby={`edit-${productId}`} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          id={`edit-${productId}`}
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold tracking-tight break-words text-ink"
        >
          {productQuery.data
            ? t("admin.editProduct", { name: productQuery.data.productname })
            : t("admin.edit.heading")}
        </h3>
        {back}
      </div>
      <QueryStates
        query={productQuery}
        pending={<ListSkeleton label={t("admin.edit.loading")} rows={4} />}
        errorTitle={t("admin.productLoadError")}
        // A deleted product, or an address whose ?edit= is not an id at all.
        isNotFound={isUnknownIdError}
        notFound={
          <EmptyState title={t("admin.edit.gone")} action={back}>
            {t("admin.edit.goneHint")}
          </EmptyState>
        }
      >
        {(product) => (
          <>
            <ProductForm
              // A fresh form for each product (and once its data is in).
              key={product._id}
              label={t("admin.editProduct", { name: product.productname })}
              defaultValues={productToFormValues(product)}
              submitLabel={t("admin.edit.save")}
              onSubmit={async (payload) => {
                await update.mutateAsync({ productId, payload });
                notifyUpdated(t("admin.productUpdated"));
                onClose();
              }}
              secondaryAction={
                <Button variant="light" size="lg" onClick={onClose}>
                  {t("admin.edit.cancel")}
                </Button>
              }
            />
            <Suspense fallback={<ListSkeleton label={t("admin.edit.variantsLoading")} rows={3} />}>
              <VariantsEditor productId={productId} />
            </Suspense>
          </>
        )}
      </QueryStates>
    </section>
  );
}
