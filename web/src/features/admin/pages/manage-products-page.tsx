import type { Product } from "@shop/contract/catalogue";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageTitle } from "@/components/page-title";
import { SearchField } from "@/components/search-field";
import { paths } from "@/config/paths";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "@/features/admin/config";
import { useDeleteProduct } from "@/features/admin/api/delete-product";
import { useManageProducts } from "@/features/admin/api/get-manage-products";
import { PagedListResults, usePagedList } from "@/features/admin/components/paged-list";
import { EditProductPanel } from "@/features/admin/components/edit-product-panel";
import { EDIT_BUTTON_ATTRIBUTE } from "@/features/admin/components/product-actions";
import { ProductCards, ProductsTable } from "@/features/admin/components/products-list";
import { ADMIN_TEXTS } from "@/features/admin/config";
import { notifyRemoved } from "@/lib/toast";

/** The address parameter that opens the edit form of one product: ?edit=<id>. */
const EDIT_PARAM = "edit";

type Deletion = { product: Product; opener: HTMLElement };

/**
 * /dashboard/manageproduct (SPEC sections 2 and 7): the catalogue with search and paging, each
 * product with Edit (the form opens in place of the list, at ?edit=<id>, so Back closes it) and
 * Delete behind a confirmation. A table from the lg breakpoint, cards below it.
 */
export function ManageProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_PARAM);
  // After the edit form closes, focus goes back to that product's Edit button.
  const [lastEdited, setLastEdited] = useState<string | null>(null);

  const openEditor = (product: Product) => {
    setLastEdited(product._id);
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set(EDIT_PARAM, product._id);
      return params;
    });
  };
  const closeEditor = () =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete(EDIT_PARAM);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle
        title="Manage Products"
        level={2}
        documentTitle="Manage Products · Dashboard"
        subtitle="Edit or delete the products of the shop."
        className="mb-6"
      />
      {editing ? (
        <EditProductPanel productId={editing} onClose={closeEditor} />
      ) : (
        <ProductsList onEdit={openEditor} focusEditOf={lastEdited} />
      )}
    </>
  );
}

function ProductsList({
  onEdit,
  focusEditOf,
}: {
  onEdit: (product: Product) => void;
  focusEditOf: string | null;
}) {
  const paged = usePagedList(ADMIN_PRODUCTS_PAGE_SIZE, useManageProducts);
  const { list, query: products } = paged;
  const remove = useDeleteProduct();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const hasRows = paged.items.length > 0;
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (!focusEditOf || !hasRows || focusedOnce.current) return;
    focusedOnce.current = true;
    const buttons = document.querySelectorAll<HTMLElement>(
      `[${EDIT_BUTTON_ATTRIBUTE}="${CSS.escape(focusEditOf)}"]`,
    );
    Array.from(buttons)
      .find((button) => button.getClientRects().length > 0)
      ?.focus();
  }, [focusEditOf, hasRows]);

  const confirmDeletion = () => {
    if (!deletion || remove.isPending) return;
    remove.mutate(deletion.product._id, {
      onSuccess: () => notifyRemoved(ADMIN_TEXTS.productDeleted),
      onSettled: () => setDeletion(null),
    });
  };

  const listProps = {
    products: paged.items,
    onEdit,
    onDelete: (product: Product, opener: HTMLElement) => setDeletion({ product, opener }),
  };

  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <SearchField
          label="Search products"
          placeholder="Product name"
          value={list.search}
          onChange={list.setSearch}
          isSearching={list.isDebouncing || (products.isFetching && products.isPlaceholderData)}
          inputRef={searchRef}
          className="w-full max-w-md"
        />
        <Button to={paths.dashboard.addProduct.getHref()} variant="secondary">
          Add Product
        </Button>
      </div>
      <PagedListResults
        paged={paged}
        noun={{ one: "product", many: "products" }}
        errorTitle={ADMIN_TEXTS.productsLoadError}
        noMatchHint="Try another part of the product name."
      >
        <ProductsTable {...listProps} className="hidden lg:block" />
        <ProductCards {...listProps} className="lg:hidden" />
      </PagedListResults>
      <ConfirmDialog
        open={deletion !== null}
        title={ADMIN_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        isConfirming={remove.isPending}
        onConfirm={confirmDeletion}
        onCancel={() => setDeletion(null)}
        returnFocusTo={deletion?.opener}
        fallbackFocusRef={searchRef}
      >
        {deletion ? (
          <p>
            <strong className="font-semibold text-ink">{deletion.product.productname}</strong> will be removed
            from the catalogue and from every cart. This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
