import type {
  BulkAction,
  BulkActionType,
  BulkPreview,
  BulkProductState,
  BulkResult,
} from "@shop/contract/bulk-edit";
import type { Category, ProductStatus } from "@shop/contract/catalogue";
import { useId, useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { formatPrice } from "@/components/price";
import { ProgressBar } from "@/components/progress-bar";
import { SelectField } from "@/components/select-field";
import { TextField } from "@/components/text-field";
import { useBulkApply, useBulkPreview } from "@/features/admin/api/bulk-edit";
import { useCollections } from "@/features/admin/api/collections";
import type { ProductSelectionState } from "@/features/admin/hooks/use-product-selection";
import { categoryLabel } from "@/config/categories";
import { CATEGORY_OPTIONS, STATUS_OPTIONS } from "@/features/admin/utils/product-form";
import { t } from "@/features/admin/messages";
import { getErrorMessage } from "@/lib/api-client";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { currentLocale } from "@/lib/i18n";

const ACTION_OPTIONS: { value: BulkActionType; label: string }[] = [
  { value: "set-category", label: t("admin.bulk.actionSetCategory") },
  { value: "change-price", label: t("admin.bulk.actionChangePrice") },
  { value: "schedule-sale", label: t("admin.bulk.actionScheduleSale") },
  { value: "set-status", label: t("admin.bulk.actionSetStatus") },
  { value: "add-to-collection", label: t("admin.bulk.actionAddToCollection") },
  { value: "remove-from-collection", label: t("admin.bulk.actionRemoveFromCollection") },
  { value: "delete", label: t("admin.bulk.actionDelete") },
];

/** A time as the page's language writes it, with the time of day. */
const timeText = (iso: string) => new Date(iso).toLocaleString(currentLocale());

type Draft = {
  type: BulkActionType | "";
  category: string;
  direction: "raise" | "lower";
  percent: string;
  percentOff: string;
  startsAt: string;
  endsAt: string;
  status: string;
  collectionId: string;
};

const EMPTY_DRAFT: Draft = {
  type: "",
  category: "",
  direction: "raise",
  percent: "",
  percentOff: "",
  startsAt: "",
  endsAt: "",
  status: "",
  collectionId: "",
};

/** A datetime-local value (the admin's own clock) as an ISO time; empty: null. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * The draft as the API's action, or undefined while it lacks a choice. Numbers go as typed: the
 * server checks them and its message is shown.
 */
function actionOf(draft: Draft): BulkAction | undefined {
  switch (draft.type) {
    case "set-category":
      return draft.category ? { type: "set-category", category: draft.category as Category } : undefined;
    case "change-price": {
      if (draft.percent.trim() === "") return undefined;
      const percent = Number(draft.percent);
      return { type: "change-price", percent: draft.direction === "lower" ? -percent : percent };
    }
    case "schedule-sale":
      if (draft.percentOff.trim() === "") return undefined;
      return {
        type: "schedule-sale",
        percentOff: Number(draft.percentOff),
        startsAt: isoOf(draft.startsAt),
        endsAt: isoOf(draft.endsAt),
      };
    case "set-status":
      return draft.status ? { type: "set-status", status: draft.status as ProductStatus } : undefined;
    case "add-to-collection":
    case "remove-from-collection":
      return draft.collectionId ? { type: draft.type, collectionId: draft.collectionId } : undefined;
    case "delete":
      return { type: "delete" };
    default:
      return undefined;
  }
}

/** "$ 12.00", "$ 12.00–$ 30.00" for several variants, and the sale price and window. */
function stateText(state: BulkProductState | null, action: BulkActionType): string {
  if (!state) return t("admin.bulk.deleted");
  if (action === "set-category") return categoryLabel(state.catagory);
  if (action === "set-status") {
    const label = STATUS_OPTIONS.find((option) => option.value === state.status)?.label ?? state.status;
    return state.status === "active" && state.publishAt
      ? t("admin.bulk.statusFrom", { status: label, date: timeText(state.publishAt) })
      : label;
  }
  const price =
    state.priceMax > state.price
      ? `${formatPrice(state.price)}–${formatPrice(state.priceMax)}`
      : formatPrice(state.price);
  if (action !== "schedule-sale") return price;
  if (state.salePrice === null) return t("admin.bulk.priceNoSale", { price });
  const from = state.saleStartsAt ? timeText(state.saleStartsAt) : t("admin.bulk.now");
  const salePrice = formatPrice(state.salePrice);
  return state.saleEndsAt
    ? t("admin.bulk.saleFromUntil", { price, salePrice, from, until: timeText(state.saleEndsAt) })
    : t("admin.bulk.saleFrom", { price, salePrice, from });
}

/** Where a product stands before → after a collection action. */
function collectionStateText(action: BulkAction, title: string, side: "before" | "after"): string {
  const inIt = (action.type === "add-to-collection") === (side === "after");
  return inIt ? t("admin.bulk.inCollection", { title }) : t("admin.bulk.notInCollection", { title });
}

function PreviewList({
  preview,
  action,
  collectionTitle,
}: {
  preview: BulkPreview;
  action: BulkAction;
  collectionTitle: string;
}) {
  const headingId = useId();
  const textOf = (state: BulkProductState | null, side: "before" | "after") =>
    action.type === "add-to-collection" || action.type === "remove-from-collection"
      ? collectionStateText(action, collectionTitle, side)
      : stateText(state, action.type);
  if (preview.changing === 0) return <p className="mt-3 text-sm">{t("admin.bulk.nothingChanges")}</p>;
  return (
    <>
      <h4 id={headingId} className="mt-4 text-sm font-semibold text-ink">
        {preview.sample.length < preview.changing
          ? t("admin.bulk.sampleFirst", { shown: preview.sample.length, changing: preview.changing })
          : t("admin.bulk.sampleAll")}
      </h4>
      <ul
        aria-labelledby={headingId}
        className="mt-2 divide-y divide-line rounded-lg border border-line text-sm"
      >
        {preview.sample.map((row) => (
          <li key={row._id} className="px-3 py-2">
            <span className="font-medium break-words text-ink">{row.productname}</span>
            <span className="block break-words text-ink-muted">
              {textOf(row.before, "before")} <span aria-label={t("admin.bulk.changesTo")}>→</span>{" "}
              <span className="font-medium text-ink">{textOf(row.after, "after")}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The manual collections to add to or remove from (a rule collection's products follow its rule). */
function CollectionChoice({ value, onChange }: { value: string; onChange: (collectionId: string) => void }) {
  const collections = useCollections();
  const manual = (collections.data ?? []).filter((collection) => collection.kind === "manual");
  if (collections.isPending)
    return <p className="self-end text-sm text-ink-muted">{t("admin.bulk.collectionsLoading")}</p>;
  if (collections.isError)
    return <FormAlert className="self-end">{getErrorMessage(collections.error)}</FormAlert>;
  if (manual.length === 0)
    return <p className="self-end text-sm text-ink">{t("admin.bulk.noManualCollections")}</p>;
  return (
    <SelectField
      label={t("admin.bulk.collection")}
      placeholder={t("admin.bulk.chooseCollection")}
      hint={t("admin.bulk.collectionHint")}
      options={manual.map((collection) => ({ value: collection._id, label: collection.title }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export type BulkEditPanelProps = {
  selected: ProductSelectionState;
  /** How many products the search matches (the list's total). */
  total: number;
  /** The ids of the rows on this page. */
  pageIds: readonly string[];
  q: string;
};

/**
 * Above the Manage Products list while products are selected: how many, "all N matching this
 * filter", an action with its values, its preview (counts and the first rows before → after),
 * and the apply, which shows its progress and then the result. Every failure shows its message.
 */
export function BulkEditPanel({ selected, total, pageIds, q }: BulkEditPanelProps) {
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [missing, setMissing] = useState(false);
  const preview = useBulkPreview();
  const apply = useBulkApply();
  const [previewed, setPreviewed] = useState<{ action: BulkAction; preview: BulkPreview } | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const collectionAction = draft.type === "add-to-collection" || draft.type === "remove-from-collection";
  const collections = useCollections({ enabled: collectionAction });
  const collectionTitleOf = (action: BulkAction) =>
    "collectionId" in action
      ? (collections.data?.find((collection) => collection._id === action.collectionId)?.title ?? "")
      : "";

  const count = selected.countOf(total);
  if (count === 0 && !result) return null;

  const edit = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setPreviewed(null);
    setMissing(false);
    preview.reset();
  };

  const requestPreview = (event: FormEvent) => {
    event.preventDefault();
    const action = actionOf(draft);
    if (!action) {
      setMissing(true);
      return;
    }
    apply.reset();
    preview.mutate(
      { selection: selected.request(), action },
      { onSuccess: (answer) => setPreviewed({ action, preview: answer }) },
    );
  };

  const confirm = () => {
    if (!previewed) return;
    apply.mutate(
      { selection: selected.request(), action: previewed.action, expectedCount: previewed.preview.matched },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setPreviewed(null);
          setDraft(EMPTY_DRAFT);
          selected.clear();
        },
      },
    );
  };

  const closeResult = () => {
    setResult(null);
    apply.reset();
  };

  const allPageSelected = selected.isPageSelected(pageIds);
  const canSelectAllMatching = selected.selection.mode === "ids" && allPageSelected && total > count;

  return (
    <section
      aria-labelledby={headingId}
      className="mb-5 rounded-2xl border border-line bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          {t("admin.bulk.heading")}
        </h3>
        {count > 0 && !apply.isPending ? (
          <div className="flex flex-wrap gap-2">
            {canSelectAllMatching ? (
              <Button size="sm" variant="secondary" onClick={selected.selectAllMatching}>
                {q
                  ? t("admin.bulk.selectAllMatchingQuery", { count: total, q })
                  : t("admin.bulk.selectAllMatching", { count: total })}
              </Button>
            ) : null}
            <Button size="sm" variant="light" onClick={selected.clear}>
              {t("admin.bulk.clear")}
            </Button>
          </div>
        ) : null}
      </div>
      <p role="status" className="mt-1 text-sm text-ink-muted">
        {count > 0
          ? selected.selection.mode === "filter"
            ? q
              ? t("admin.bulk.allMatchingQuery", { count, q })
              : t("admin.bulk.allMatching", { count })
            : t("admin.bulk.selectedCount", { count })
          : ""}
      </p>

      {result ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-semibold text-green-800">
            {t("admin.bulk.done", { count: result.changed })}
          </p>
          <Button size="sm" variant="light" onClick={closeResult}>
            {t("admin.bulk.close")}
          </Button>
        </div>
      ) : null}

      {apply.isPending && previewed ? (
        <div className="mt-4">
          <ProgressBar
            label={t("admin.bulk.applying", { count: previewed.preview.changing })}
            percent={undefined}
          />
          <p className="mt-2 text-sm font-medium text-ink">
            {t("admin.bulk.applying", { count: previewed.preview.changing })}
          </p>
          <p className="text-sm text-ink-muted">{t("admin.bulk.applyingHint")}</p>
        </div>
      ) : count > 0 && !result ? (
        <form onSubmit={requestPreview} noValidate className="mt-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("admin.bulk.action")}
              placeholder={t("admin.bulk.chooseAction")}
              options={ACTION_OPTIONS}
              value={draft.type}
              onChange={(event) => edit({ type: event.target.value as Draft["type"] })}
            />
            {draft.type === "set-category" ? (
              <SelectField
                label={t("admin.bulk.category")}
                placeholder={t("admin.bulk.chooseAction")}
                options={CATEGORY_OPTIONS}
                value={draft.category}
                onChange={(event) => edit({ category: event.target.value })}
              />
            ) : null}
            {draft.type === "set-status" ? (
              <SelectField
                label={t("admin.bulk.status")}
                placeholder={t("admin.bulk.chooseAction")}
                options={STATUS_OPTIONS}
                value={draft.status}
                onChange={(event) => edit({ status: event.target.value })}
              />
            ) : null}
            {collectionAction ? (
              <CollectionChoice
                value={draft.collectionId}
                onChange={(collectionId) => edit({ collectionId })}
              />
            ) : null}
            {draft.type === "change-price" ? (
              <>
                <SelectField
                  label={t("admin.bulk.direction")}
                  options={[
                    { value: "raise", label: t("admin.bulk.raise") },
                    { value: "lower", label: t("admin.bulk.lower") },
                  ]}
                  value={draft.direction}
                  onChange={(event) => edit({ direction: event.target.value as Draft["direction"] })}
                />
                <TextField
                  label={t("admin.bulk.percent")}
                  inputMode="decimal"
                  hint={t("admin.bulk.percentHint")}
                  value={draft.percent}
                  onChange={(event) => edit({ percent: event.target.value })}
                />
              </>
            ) : null}
            {draft.type === "schedule-sale" ? (
              <>
                <TextField
                  label={t("admin.bulk.percentOff")}
                  inputMode="numeric"
                  value={draft.percentOff}
                  onChange={(event) => edit({ percentOff: event.target.value })}
                />
                <TextField
                  label={t("admin.bulk.startsAt")}
                  type="datetime-local"
                  value={draft.startsAt}
                  onChange={(event) => edit({ startsAt: event.target.value })}
                />
                <TextField
                  label={t("admin.bulk.endsAt")}
                  type="datetime-local"
                  value={draft.endsAt}
                  onChange={(event) => edit({ endsAt: event.target.value })}
                />
              </>
            ) : null}
          </div>
          {draft.type === "delete" ? (
            <p className="mt-3 text-sm font-medium text-red-800">{t("admin.bulk.deleteWarning")}</p>
          ) : null}

          <FormAlert className="mt-3">
            {missing
              ? t("admin.bulk.noSelectionValue")
              : preview.isError
                ? errorMessageWithFields(preview.error)
                : apply.isError
                  ? errorMessageWithFields(apply.error)
                  : null}
          </FormAlert>

          {previewed ? (
            <div className="mt-4 border-t border-line pt-4">
              <p role="status" className="text-sm font-semibold text-ink">
                {t("admin.bulk.previewSummary", {
                  matched: previewed.preview.matched,
                  changing: previewed.preview.changing,
                })}
              </p>
              <PreviewList
                preview={previewed.preview}
                action={previewed.action}
                collectionTitle={collectionTitleOf(previewed.action)}
              />
              <div className="mt-4 flex flex-wrap gap-2">
                {previewed.preview.changing > 0 ? (
                  <Button
                    variant={previewed.action.type === "delete" ? "danger" : "primary"}
                    onClick={confirm}
                  >
                    {t("admin.bulk.apply", { count: previewed.preview.changing })}
                  </Button>
                ) : null}
                <Button variant="light" onClick={() => setPreviewed(null)}>
                  {t("admin.bulk.back")}
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button submit isLoading={preview.isPending}>
                {t("admin.bulk.preview")}
              </Button>
              {preview.isPending ? (
                <span role="status" className="text-sm text-ink-muted">
                  {t("admin.bulk.previewing")}
                </span>
              ) : null}
            </div>
          )}
        </form>
      ) : null}
    </section>
  );
}
