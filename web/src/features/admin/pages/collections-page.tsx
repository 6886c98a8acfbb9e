import type { Collection } from "@shop/contract/collections";
import { useRef } from "react";

import { Button } from "@/components/button";
import { ConfirmItemDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { DeskPageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
import { paths } from "@/config/paths";
import { useCollections, useDeleteCollection } from "@/features/admin/api/collections";
import { useEditParam } from "@/features/admin/hooks/use-edit-param";
import { CollectionForm } from "@/features/admin/components/collection-form";
import { CollectionPicker } from "@/features/admin/components/collection-picker";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { useRemovalConfirmation } from "@/features/admin/hooks/use-removal-confirmation";
import { t } from "@/features/admin/messages";
import { categoryLabel } from "@/config/categories";
import { formatPrice } from "@/components/price";
import { notifyAdded, notifyUpdated } from "@/lib/toast";

/** The form's ?edit=new: a collection not created yet. */
const NEW = "new";

/** "Shoes, 30.00–80.00, on sale, newest 20"; "Every live product" when the rule is empty. */
function ruleSummary({ rule }: Collection): string {
  const parts: string[] = [];
  if (rule.category) parts.push(categoryLabel(rule.category));
  if (rule.minPrice !== null || rule.maxPrice !== null) {
    const low = rule.minPrice === null ? "" : formatPrice(rule.minPrice);
    const high = rule.maxPrice === null ? "" : formatPrice(rule.maxPrice);
    parts.push(
      rule.maxPrice === null
        ? t("admin.collections.ruleFrom", { price: low })
        : rule.minPrice === null
          ? t("admin.collections.ruleUpTo", { price: high })
          : `${low}–${high}`,
    );
  }
  if (rule.onSale) parts.push(t("admin.collections.ruleOnSale"));
  if (rule.newestN !== null) parts.push(t("admin.collections.ruleNewest", { count: rule.newestN }));
  return parts.length > 0 ? parts.join(", ") : t("admin.collections.ruleEvery");
}

/**
 * /dashboard/collections (issue 39, decision 048): the owner's collections with View, Edit and
 * Delete (behind a confirmation); New collection and Edit open the form in place of the list, at
 * ?edit=<id> so Back closes it; a manual collection's form has its product picker under it.
 */
export function CollectionsPage() {
  const { editing, open, close } = useEditParam();
  const collections = useCollections();

  return (
    <>
      <DeskPageTitle
        title={t("admin.collections.title")}
        documentTitle={t("admin.collections.documentTitle")}
        subtitle={t("admin.collections.subtitle")}
      />
      {editing ? (
        <CollectionEditor
          editing={editing}
          collections={collections}
          onClose={close}
          onCreated={(created) => open(created._id)}
        />
      ) : (
        <CollectionsList collections={collections} onOpen={open} />
      )}
    </>
  );
}

function CollectionEditor({
  editing,
  collections,
  onClose,
  onCreated,
}: {
  editing: string;
  collections: ReturnType<typeof useCollections>;
  onClose: () => void;
  onCreated: (created: Collection) => void;
}) {
  if (editing !== NEW && collections.isPending)
    return <ListSkeleton label={t("admin.collections.picksLoading")} rows={4} />;
  if (editing !== NEW && collections.isError)
    return (
      <QueryError
        title={t("admin.collections.loadError")}
        error={collections.error}
        onRetry={() => void collections.refetch()}
      />
    );
  const collection = editing === NEW ? undefined : collections.data?.find((one) => one._id === editing);
  if (editing !== NEW && !collection)
    return (
      <EmptyState
        title={t("admin.collections.notFound")}
        action={
          <Button variant="secondary" onClick={onClose}>
            {t("admin.collections.back")}
          </Button>
        }
      >
        {t("admin.collections.notFoundHint")}
      </EmptyState>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-xl font-semibold text-ink">
          {collection
            ? t("admin.collections.editHeading", { title: collection.title })
            : t("admin.collections.newHeading")}
        </h3>
        <Button variant="light" size="sm" onClick={onClose}>
          {t("admin.collections.back")}
        </Button>
      </div>
      <CollectionForm
        // A fresh form for each collection (and after a create turns into an edit).
        key={collection?._id ?? NEW}
        collection={collection}
        onCancel={onClose}
        onSaved={(saved) => {
          if (collection) {
            notifyUpdated(t("admin.collections.saved"));
            return;
          }
          notifyAdded(t("admin.collections.created"));
          // A manual collection stays open for its products; a rule one is done.
          if (saved.kind === "manual") onCreated(saved);
          else onClose();
        }}
      />
      {collection?.kind === "manual" ? (
        <CollectionPicker key={collection._id} collection={collection} />
      ) : null}
      {!collection ? (
        <p className="text-sm text-ink-muted">{t("admin.collections.createFirstHint")}</p>
      ) : null}
    </div>
  );
}

function CollectionsList({
  collections,
  onOpen,
}: {
  collections: ReturnType<typeof useCollections>;
  onOpen: (id: string) => void;
}) {
  const deletion = useRemovalConfirmation(
    useDeleteCollection(),
    (collection: Collection) => collection._id,
    t("admin.collections.deleted"),
  );
  const addRef = useRef<HTMLButtonElement>(null);

  const list = collections.data ?? [];
  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-ink">{t("admin.collections.listHeading")}</h3>
        <Button ref={addRef} onClick={() => onOpen(NEW)}>
          {t("admin.collections.add")}
        </Button>
      </div>
      {collections.isError ? (
        <QueryError
          title={t("admin.collections.loadError")}
          error={collections.error}
          onRetry={() => void collections.refetch()}
        />
      ) : collections.isPending ? (
        <ListSkeleton label={t("admin.collections.picksLoading")} rows={3} />
      ) : list.length === 0 ? (
        <EmptyState title={t("admin.collections.empty")}>{t("admin.collections.emptyHint")}</EmptyState>
      ) : (
        <ul aria-label={t("admin.collections.listHeading")} className="flex flex-col gap-3">
          {list.map((collection) => (
            <li
              key={collection._id}
              className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 shadow-sm lg:flex-row lg:items-center lg:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">{collection.title}</p>
                <p className="text-sm break-all text-ink-muted">
                  {t("admin.collections.address", { slug: collection.slug })}
                </p>
                <p className="mt-1 text-sm text-ink">
                  <span className="font-medium">
                    {collection.kind === "manual"
                      ? t("admin.collections.kindManual")
                      : t("admin.collections.kindRule")}
                  </span>
                  {" · "}
                  {collection.kind === "manual"
                    ? t("admin.collections.productCount", { count: collection.productIds.length })
                    : ruleSummary(collection)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="light"
                  to={paths.collection.getHref(collection.slug)}
                  aria-label={`${t("admin.collections.view")} ${collection.title}`}
                >
                  {t("admin.collections.view")}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${t("admin.collections.edit")} ${collection.title}`}
                  onClick={() => onOpen(collection._id)}
                >
                  {t("admin.collections.edit")}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`${t("admin.collections.delete")} ${collection.title}`}
                  onClick={(event) => deletion.ask(collection, event.currentTarget)}
                >
                  {t("admin.collections.delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmItemDialog
        confirmation={deletion}
        title={t("admin.collections.deleteQuestion")}
        confirmLabel={t("admin.collections.delete")}
        fallbackFocusRef={addRef}
      >
        {(collection) => (
          <p>
            <strong className="font-semibold text-ink">{collection.title}</strong>:{" "}
            {t("admin.collections.deleteDetail")}
          </p>
        )}
      </ConfirmItemDialog>
    </>
  );
}
