import type { Collection, CollectionKind } from "@shop/contract/collections";
import { useId, useRef, useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { TextField } from "@/components/text-field";
import { useSaveCollection } from "@/features/admin/api/collections";
import { t } from "@/features/admin/messages";
import {
  COLLECTION_FIELDS,
  draftOf,
  EMPTY_COLLECTION_DRAFT,
  slugFrom,
  splitCollectionErrors,
  validateCollection,
  type CollectionDraft,
  type CollectionField,
  type CollectionFieldErrors,
} from "@/features/admin/utils/collection-form";
import { CATEGORY_OPTIONS } from "@/features/admin/utils/product-form";
import { getErrorMessage, isApiError } from "@/lib/api-client";

const KIND_OPTIONS: { value: CollectionKind; label: string }[] = [
  { value: "manual", label: t("admin.collections.kindManual") },
  { value: "rule", label: t("admin.collections.kindRule") },
];

export type CollectionFormProps = {
  /** The collection to edit; none: a new one. */
  collection?: Collection | undefined;
  onSaved: (saved: Collection) => void;
  onCancel: () => void;
};

/**
 * A collection's fields: address, title, description, image, and whether its products are picked
 * by hand or chosen by a rule (category, price range, on sale, the newest N). The draft is
 * checked with the server's own schema before it is sent; every message, the server's too, shows
 * next to its field, and any other failure above the button.
 */
export function CollectionForm({ collection, onSaved, onCancel }: CollectionFormProps) {
  const [draft, setDraft] = useState<CollectionDraft>(() =>
    collection ? draftOf(collection) : EMPTY_COLLECTION_DRAFT,
  );
  // A new collection's address follows its title until the owner types one.
  const [slugEdited, setSlugEdited] = useState(collection !== undefined);
  const [errors, setErrors] = useState<CollectionFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCollection();
  const formRef = useRef<HTMLFormElement>(null);
  const ruleHeadingId = useId();

  const edit = (changes: Partial<CollectionDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    // A corrected field loses its message.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) {
        delete next[key as CollectionField];
        delete next[`rule.${key}` as CollectionField];
      }
      return next;
    });
  };

  /** A rule's text or choice: its value, its message, and the change, as `{...ruleField("minPrice")}`. */
  const ruleField = (key: "category" | "newestN" | "minPrice" | "maxPrice") => ({
    value: draft[key],
    error: errors[`rule.${key}`],
    onChange: (event: { target: { value: string } }) => edit({ [key]: event.target.value }),
  });

  /** Shows the messages and moves focus to the first field that has one. */
  const showErrors = (messages: Readonly<Record<string, string>>, fallback: string | null) => {
    const { fields, other } = splitCollectionErrors(messages);
    setErrors(fields);
    const named = COLLECTION_FIELDS.filter((field) => fields[field]);
    setFormError(
      other.length > 0 ? other.join(" ") : named.length > 0 ? t("admin.collections.fixFields") : fallback,
    );
    if (named.length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = validateCollection(draft);
    if (checked.errors) {
      showErrors(checked.errors, null);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(
      { collectionId: collection?._id ?? null, payload: checked.payload },
      {
        onSuccess: onSaved,
        onError: (error) => showErrors(isApiError(error) ? error.errors : {}, getErrorMessage(error)),
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={
        collection
          ? t("admin.collections.editHeading", { title: collection.title })
          : t("admin.collections.newHeading")
      }
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("admin.collections.titleField")}
          required
          maxLength={120}
          autoComplete="off"
          value={draft.title}
          error={errors.title}
          onChange={(event) => {
            const title = event.target.value;
            edit(slugEdited ? { title } : { title, slug: slugFrom(title) });
          }}
        />
        <TextField
          label={t("admin.collections.slug")}
          required
          maxLength={80}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t("admin.collections.slugHint")}
          value={draft.slug}
          error={errors.slug}
          onChange={(event) => {
            setSlugEdited(true);
            edit({ slug: event.target.value });
          }}
        />
        <TextareaField
          label={t("admin.collections.description")}
          className="sm:col-span-2"
          rows={3}
          maxLength={2000}
          value={draft.description}
          error={errors.description}
          onChange={(event) => edit({ description: event.target.value })}
        />
        <TextField
          label={t("admin.collections.image")}
          className="sm:col-span-2"
          autoComplete="off"
          inputMode="url"
          hint={t("admin.collections.imageHint")}
          value={draft.image}
          error={errors.image}
          onChange={(event) => edit({ image: event.target.value })}
        />
        <SelectField
          label={t("admin.collections.kind")}
          required
          options={KIND_OPTIONS}
          value={draft.kind}
          error={errors.kind}
          onChange={(event) => edit({ kind: event.target.value as CollectionKind })}
        />
      </div>

      {draft.kind === "rule" ? (
        <fieldset aria-labelledby={ruleHeadingId} className="rounded-xl border border-line p-4">
          <legend id={ruleHeadingId} className="px-1 text-sm font-semibold text-ink">
            {t("admin.collections.ruleHeading")}
          </legend>
          <p className="mb-4 text-sm text-ink-muted">{t("admin.collections.ruleHint")}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label={t("admin.collections.category")}
              placeholder={t("admin.collections.anyCategory")}
              options={CATEGORY_OPTIONS}
              {...ruleField("category")}
            />
            <TextField label={t("admin.collections.newestN")} inputMode="numeric" {...ruleField("newestN")} />
            <TextField
              label={t("admin.collections.minPrice")}
              inputMode="decimal"
              {...ruleField("minPrice")}
            />
            <TextField
              label={t("admin.collections.maxPrice")}
              inputMode="decimal"
              {...ruleField("maxPrice")}
            />
            <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink sm:col-span-2">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={draft.onSale}
                onChange={(event) => edit({ onSale: event.target.checked })}
              />
              {t("admin.collections.onSale")}
            </label>
          </div>
        </fieldset>
      ) : null}

      <FormAlert>{formError}</FormAlert>
      <div className="flex flex-wrap gap-3">
        <Button submit isLoading={save.isPending}>
          {collection ? t("admin.collections.save") : t("admin.collections.create")}
        </Button>
        <Button variant="light" onClick={onCancel}>
          {t("admin.collections.cancel")}
        </Button>
      </div>
    </form>
  );
}
