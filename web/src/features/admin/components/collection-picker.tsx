import type { AdminProduct } from "@shop/contract/admin";
import { MAX_COLLECTION_PRODUCTS, type Collection } from "@shop/contract/collections";
import { useEffect, useId, useState, type ReactNode } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { QueryError } from "@/components/query-error";
import { SearchField } from "@/components/search-field";
import { useCollectionPicks, useSetCollectionPicks } from "@/features/admin/api/collections";
import { useManageProducts } from "@/features/admin/api/get-manage-products";
import { t } from "@/features/admin/messages";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { notifyUpdated } from "@/lib/toast";

/** How many search results the picker shows. */
const RESULTS_SHOWN = 8;
/** The pause after typing before the search runs. */
const SEARCH_PAUSE_MS = 300;

const STATUS_LABELS: Record<AdminProduct["status"], string> = {
  draft: t("admin.status.draft"),
  active: t("admin.status.active"),
  archived: t("admin.status.archived"),
};

/**
 * A manual collection's products: the picks in order, each with Remove; a search of the owner's
 * products (Manage Products' own list, every status) with Add; Save sends them all at once
 * (PUT /api/admin/collections/{id}/products).
 */
export function CollectionPicker({ collection }: { collection: Collection }) {
  const headingId = useId();
  const saved = useCollectionPicks(collection._id);
  const [picks, setPicks] = useState<AdminProduct[] | null>(null);
  const setPicksOnServer = useSetCollectionPicks();

  // The server's picks, until the owner changes them.
  const shown = picks ?? saved.data ?? [];
  const dirty = picks !== null;
  const pickedIds = new Set(shown.map((product) => product._id));
  const full = shown.length >= MAX_COLLECTION_PRODUCTS;

  const add = (product: AdminProduct) => {
    if (pickedIds.has(product._id) || full) return;
    setPicks([...shown, product]);
    setPicksOnServer.reset();
  };
  const remove = (productId: string) => {
    setPicks(shown.filter((product) => product._id !== productId));
    setPicksOnServer.reset();
  };
  const save = () =>
    setPicksOnServer.mutate(
      { collectionId: collection._id, productIds: shown.map((product) => product._id) },
      {
        onSuccess: () => {
          setPicks(null);
          notifyUpdated(t("admin.collections.picksSaved"));
        },
      },
    );

  const saveError = setPicksOnServer.error;
  const saveMessage = saveError ? errorMessageWithFields(saveError) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          {t("admin.collections.picksHeading")}
        </h3>
        <span className="text-sm text-ink-muted">
          {t("admin.collections.picksCount", { count: shown.length, max: MAX_COLLECTION_PRODUCTS })}
        </span>
      </div>
      <p className="text-sm text-ink-muted">
        {t("admin.collections.picksHint", { max: MAX_COLLECTION_PRODUCTS })}
      </p>

      <ProductRows
        query={saved}
        products={shown}
        errorTitle={t("admin.collections.picksLoadError")}
        loadingText={t("admin.collections.picksLoading")}
        emptyText={t("admin.collections.noPicks")}
        label={t("admin.collections.picksHeading")}
        ordered
        action={(product) => (
          <Button
            size="sm"
            variant="light"
            aria-label={t("admin.collections.remove", { name: product.productname })}
            onClick={() => remove(product._id)}
          >
            {t("admin.collections.removeButton")}
          </Button>
        )}
      />

      <FormAlert>{saveMessage}</FormAlert>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} isLoading={setPicksOnServer.isPending} disabled={!dirty || saved.isPending}>
          {t("admin.collections.savePicks")}
        </Button>
        {dirty ? (
          <span className="text-sm font-medium text-amber-800">{t("admin.collections.unsaved")}</span>
        ) : null}
      </div>

      <ProductSearch pickedIds={pickedIds} full={full} onAdd={add} />
    </section>
  );
}

function ProductName({ product }: { product: AdminProduct }) {
  return (
    <span className="min-w-0 text-sm break-words text-ink">
      {product.productname}
      {product.status !== "active" ? (
        <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-800">
          {STATUS_LABELS[product.status]}
        </span>
      ) : null}
    </span>
  );
}

type ProductRowsProps = {
  query: { isError: boolean; error: unknown; isPending: boolean; refetch: () => unknown };
  products: AdminProduct[];
  errorTitle: string;
  loadingText: string;
  emptyText: string;
  /** The list's name; the picks are in order (an ol), the search results are not. */
  label: string;
  ordered: boolean;
  /** The row's button: Remove for a pick, Add for a result. */
  action: (product: AdminProduct) => ReactNode;
};

/** The picks or the search results: each product with its button, or why there are none. */
function ProductRows({
  query,
  products,
  errorTitle,
  loadingText,
  emptyText,
  label,
  ordered,
  action,
}: ProductRowsProps) {
  if (query.isError) {
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        {loadingText}
      </p>
    );
  }
  if (products.length === 0) return <p className="text-sm text-ink">{emptyText}</p>;
  const List = ordered ? "ol" : "ul";
  return (
    <List aria-label={label} className="divide-y divide-line rounded-lg border border-line">
      {products.map((product) => (
        <li key={product._id} className="flex items-center justify-between gap-3 px-3 py-2">
          <ProductName product={product} />
          {action(product)}
        </li>
      ))}
    </List>
  );
}

/** The owner's products matching a name, newest first, each with Add (or Added). */
function ProductSearch({
  pickedIds,
  full,
  onAdd,
}: {
  pickedIds: ReadonlySet<string>;
  full: boolean;
  onAdd: (product: AdminProduct) => void;
}) {
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useManageProducts({ q, limit: RESULTS_SHOWN, offset: 0 });
  const items = results.data?.items ?? [];

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <SearchField
        label={t("admin.collections.searchLabel")}
        placeholder={t("admin.collections.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        onSubmit={() => setQ(search.trim())}
        isSearching={results.isFetching}
      />
      {full ? (
        <p className="text-sm font-medium text-amber-800">
          {t("admin.collections.tooMany", { max: MAX_COLLECTION_PRODUCTS })}
        </p>
      ) : null}
      <ProductRows
        query={results}
        products={items}
        errorTitle={t("admin.collections.searchError")}
        loadingText={t("admin.collections.searching")}
        emptyText={t("admin.collections.noResults")}
        label={t("admin.collections.results")}
        ordered={false}
        action={(product) => {
          const picked = pickedIds.has(product._id);
          return (
            <Button
              size="sm"
              variant="secondary"
              aria-label={
                picked ? undefined : t("admin.collections.addProduct", { name: product.productname })
              }
              disabled={picked || full}
              onClick={() => onAdd(product)}
            >
              {picked ? t("admin.collections.added") : t("admin.collections.addButton")}
            </Button>
          );
        }}
      />
    </div>
  );
}
