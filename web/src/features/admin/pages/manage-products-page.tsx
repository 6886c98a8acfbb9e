import { ADMIN_PRODUCT_STATUS_FILTERS, type AdminProduct } from "@shop/contract/admin";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { ConfirmItemDialog } from "@/components/confirm-dialog";
import { DeskPageTitle } from "@/components/page-title";
import { dashboardPaths } from "@/config/dashboard-paths";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "@/features/admin/config";
import { useDeleteProduct } from "@/features/admin/api/delete-product";
import { SelectField } from "@/components/select-field";
import { useManageProducts, type ProductStatusFilter } from "@/features/admin/api/get-manage-products";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { PagedListResults, PagedListSearch, usePagedList } from "@/features/admin/components/paged-list";
import { EDIT_BUTTON_ATTRIBUTE } from "@/features/admin/components/product-actions";
import {
  PageCheckbox,
  ProductCards,
  ProductsTable,
  type RowSelection,
} from "@/features/admin/components/products-list";
import { useEditParam } from "@/features/admin/hooks/use-edit-param";
import { useProductSelection } from "@/features/admin/hooks/use-product-selection";
import { useRemovalConfirmation } from "@/features/admin/hooks/use-removal-confirmation";
import { t } from "@/features/admin/messages";

/** The edit form (its fields, rules and image upload) loads when a product is opened for editing. */
const EditProductPanel = lazy(() =>
  import("@/features/admin/components/edit-product-panel").then((module) => ({
    default: module.EditProductPanel,
  })),
);

/** Loaded once the owner first selects a product: most visits to the page never do. */
const BulkEditPanel = lazy(() =>
  import("@/features/admin/components/bulk-edit-panel").then((module) => ({ default: module.BulkEditPanel })),
);

/** The address parameter of the status filter: ?status=draft (decision 046). */
const STATUS_PARAM = "status";

const STATUS_FILTER_OPTIONS = ADMIN_PRODUCT_STATUS_FILTERS.map((value) => ({
  value,
  label: {
    draft: t("admin.products.filterDrafts"),
    scheduled: t("admin.products.filterScheduled"),
    active: t("admin.status.active"),
    archived: t("admin.status.archived"),
  }[value],
}));

function statusFilterOf(value: string | null): ProductStatusFilter | undefined {
  return ADMIN_PRODUCT_STATUS_FILTERS.find((status) => status === value);
}

/**
 * /dashboard/manageproduct (SPEC sections 2 and 7): the catalogue with search and paging, each
 * product with Edit (the form opens in place of the list, at ?edit=<id>, so Back closes it) and
 * Delete behind a confirmation. A table from the lg breakpoint, cards below it.
 */
export function ManageProductsPage() {
  const { editing, open, close: closeEditor } = useEditParam();
  // After the edit form closes, focus goes back to that product's Edit button.
  const [lastEdited, setLastEdited] = useState<string | null>(null);

  const openEditor = (product: AdminProduct) => {
    setLastEdited(product._id);
    open(product._id);
  };

  return (
    <>
      <DeskPageTitle
        title={t("admin.products.title")}
        documentTitle={t("admin.products.documentTitle")}
        subtitle={t("admin.products.subtitle")}
      />
      {editing ? (
        <Suspense fallback={<ListSkeleton label={t("admin.edit.loading")} rows={4} />}>
          <EditProductPanel productId={editing} onClose={closeEditor} />
        </Suspense>
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
  onEdit: (product: AdminProduct) => void;
  focusEditOf: string | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFilterOf(searchParams.get(STATUS_PARAM));
  const paged = usePagedList(ADMIN_PRODUCTS_PAGE_SIZE, useManageProducts, { status });
  const chooseStatus = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(STATUS_PARAM, next);
        else params.delete(STATUS_PARAM);
        params.delete("page");
        return params;
      },
      { preventScrollReset: true },
    );
  const deletion = useRemovalConfirmation(
    useDeleteProduct(),
    (product: AdminProduct) => product._id,
    t("admin.productDeleted"),
  );
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

  const selected = useProductSelection(paged.list.q, status);
  // Once opened it stays, so its result shows after the selection empties.
  const [bulkEditOpened, setBulkEditOpened] = useState(false);
  if (!bulkEditOpened && selected.countOf(paged.query.data?.total ?? 0) > 0) setBulkEditOpened(true);
  const pageIds = paged.items.map((product) => product._id);
  const selection: RowSelection = {
    isSelected: selected.isSelected,
    onToggle: (productId, checked) => selected.toggle(productId, checked, pageIds),
    isPageSelected: selected.isPageSelected(pageIds),
    onTogglePage: (checked) => selected.togglePage(pageIds, checked),
  };

  const listProps = {
    products: paged.items,
    onEdit,
    onDelete: deletion.ask,
    selection,
  };

  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <PagedListSearch
          paged={paged}
          label={t("admin.products.search")}
          placeholder={t("admin.products.searchPlaceholder")}
          inputRef={searchRef}
          className="w-full max-w-md"
        />
        <SelectField
          label={t("admin.products.statusFilter")}
          placeholder={t("admin.products.statusAll")}
          options={STATUS_FILTER_OPTIONS}
          value={status ?? ""}
          onChange={(event) => chooseStatus(event.target.value)}
          className="w-full sm:w-48"
        />
        <Button to={dashboardPaths.addProduct.getHref()} variant="secondary">
          {t("admin.products.addProduct")}
        </Button>
      </div>
      {bulkEditOpened ? (
        <Suspense fallback={null}>
          <BulkEditPanel
            selected={selected}
            total={paged.query.data?.total ?? 0}
            pageIds={pageIds}
            q={paged.list.q}
          />
        </Suspense>
      ) : null}
      <PagedListResults
        paged={paged}
        kind="products"
        errorTitle={t("admin.productsLoadError")}
        noMatchHint={status ? t("admin.products.noMatchStatus") : t("admin.products.noMatch")}
      >
        {pageIds.length > 0 ? (
          <div className="mb-3 lg:hidden">
            <PageCheckbox selection={selection} label={t("admin.bulk.selectPage")} />
          </div>
        ) : null}
        <ProductsTable {...listProps} className="hidden lg:block" />
        <ProductCards {...listProps} className="lg:hidden" />
      </PagedListResults>
      <ConfirmItemDialog
        confirmation={deletion}
        title={t("admin.deleteQuestion")}
        confirmLabel={t("admin.delete")}
        fallbackFocusRef={searchRef}
      >
        {(product) => (
          <p>
            <strong className="font-semibold text-ink">{product.productname}</strong>{" "}
            {t("admin.products.deleteAfterName")}
          </p>
        )}
      </ConfirmItemDialog>
    </>
  );
}
