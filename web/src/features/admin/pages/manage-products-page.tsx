import type { Product } from "@shop/contract/catalog";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { Pagination } from "@/components/pagination";
import { QueryError } from "@/components/query-error";
import { SearchField } from "@/components/search-field";
import { paths } from "@/config/paths";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "@/config/ui";
import { useDeleteProduct } from "@/features/admin/api/delete-product";
import { useManageProducts } from "@/features/admin/api/get-manage-products";
import { EditProductPanel } from "@/features/admin/components/edit-product-panel";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { EDIT_BUTTON_ATTRIBUTE } from "@/features/admin/components/product-actions";
import { ProductCards, ProductsTable } from "@/features/admin/components/products-list";
import { ADMIN_TEXTS } from "@/features/admin/config";
import { pageCountOf, useListParams } from "@/features/admin/hooks/use-list-params";
import { describeRange } from "@/features/admin/utils/list-range";
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
  const list = useListParams(ADMIN_PRODUCTS_PAGE_SIZE);
  const products = useManageProducts(list.params);
  const remove = useDeleteProduct();
  const [deletion, setDeletion] = useState<Deletion | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const data = products.data;
  const pageCount = data ? pageCountOf(data.total, ADMIN_PRODUCTS_PAGE_SIZE) : 1;
  const { page, setPage } = list;
  // Past the last page (e.g. its last product was just deleted): show the last page instead.
  const isPastEnd = !products.isPlaceholderData && data !== undefined && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (isPastEnd) setPage(pageCount, true);
  }, [isPastEnd, pageCount, setPage]);

  const hasRows = (data?.items.length ?? 0) > 0;
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
    products: data?.items ?? [],
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
      <p role="status" className="mb-4 text-sm text-ink-muted">
        {data
          ? describeRange(list.params.offset, data.items.length, data.total, {
              one: "product",
              many: "products",
            })
          : ""}
        {data && list.q ? ` for “${list.q}”` : ""}
      </p>
      {products.isPending ? (
        <ListSkeleton label="Loading products…" />
      ) : products.isError && !data ? (
        <QueryError
          title={ADMIN_TEXTS.productsLoadError}
          error={products.error}
          isRetrying={products.isRefetching}
          onRetry={() => void products.refetch()}
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState title={list.q ? `No products match “${list.q}”` : "No products yet"}>
          {list.q ? "Try another part of the product name." : null}
        </EmptyState>
      ) : (
        <>
          <ProductsTable {...listProps} className="hidden lg:block" />
          <ProductCards {...listProps} className="lg:hidden" />
          <Pagination
            label="Products pages"
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => setPage(next)}
            className="mt-6"
          />
        </>
      )}
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
