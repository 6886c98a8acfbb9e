import { lazy, Suspense, useEffect, useRef } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ChevronLeftIcon } from "@/components/icons";
import { QueryStates } from "@/components/query-states";
import { useProductForEdit } from "@/features/admin/api/get-product";
import { useUpdateProduct } from "@/features/admin/api/update-product";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { ProductForm } from "@/features/admin/components/product-form";
import { ADMIN_TEXTS } from "@/features/admin/config";
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
      Back to products
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
          {productQuery.data ? `Edit ${productQuery.data.productname}` : "Edit product"}
        </h3>
        {back}
      </div>
      <QueryStates
        query={productQuery}
        pending={<ListSkeleton label="Loading the product…" rows={4} />}
        errorTitle={ADMIN_TEXTS.productLoadError}
        // A deleted product, or an address whose ?edit= is not an id at all.
        isNotFound={isUnknownIdError}
        notFound={
          <EmptyState title="This product no longer exists" action={back}>
            Another admin may have deleted it.
          </EmptyState>
        }
      >
        {(product) => (
          <>
            <ProductForm
              // A fresh form for each product (and once its data is in).
              key={product._id}
              label={`Edit ${product.productname}`}
              defaultValues={productToFormValues(product)}
              submitLabel="Save changes"
              onSubmit={async (payload) => {
                await update.mutateAsync({ productId, payload });
                notifyUpdated(ADMIN_TEXTS.productUpdated);
                onClose();
              }}
              secondaryAction={
                <Button variant="light" size="lg" onClick={onClose}>
                  Cancel
                </Button>
              }
            />
            <Suspense fallback={<ListSkeleton label="Loading sizes and colours…" rows={3} />}>
              <VariantsEditor productId={productId} />
            </Suspense>
          </>
        )}
      </QueryStates>
    </section>
  );
}
