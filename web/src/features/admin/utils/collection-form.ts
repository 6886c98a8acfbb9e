import type { Category } from "@shop/contract/catalogue";
import {
  COLLECTION_MESSAGES,
  collectionBodySchema,
  type Collection,
  type CollectionKind,
} from "@shop/contract/collections";

import type { CollectionPayload } from "@/features/admin/api/collections";

/** The collection form's fields as typed (numbers as text, so a half-typed one stays on screen). */
export type CollectionDraft = {
  slug: string;
  title: string;
  description: string;
  image: string;
  kind: CollectionKind;
  category: string;
  minPrice: string;
  maxPrice: string;
  onSale: boolean;
  newestN: string;
};

/** The fields that show a message, by the name the server gives them (`rule.maxPrice` …). */
export const COLLECTION_FIELDS = [
  "slug",
  "title",
  "description",
  "image",
  "kind",
  "rule.category",
  "rule.minPrice",
  "rule.maxPrice",
  "rule.onSale",
  "rule.newestN",
] as const;
export type CollectionField = (typeof COLLECTION_FIELDS)[number];
export type CollectionFieldErrors = Partial<Record<CollectionField, string>>;

export const EMPTY_COLLECTION_DRAFT: CollectionDraft = {
  slug: "",
  title: "",
  description: "",
  image: "",
  kind: "manual",
  category: "",
  minPrice: "",
  maxPrice: "",
  onSale: false,
  newestN: "",
};

const textOf = (value: number | null) => (value === null ? "" : String(value));

export function draftOf(collection: Collection): CollectionDraft {
  return {
    slug: collection.slug,
    title: collection.title,
    description: collection.description,
    image: collection.image ?? "",
    kind: collection.kind,
    category: collection.rule.category ?? "",
    minPrice: textOf(collection.rule.minPrice),
    maxPrice: textOf(collection.rule.maxPrice),
    onSale: collection.rule.onSale,
    newestN: textOf(collection.rule.newestN),
  };
}

/** Empty: no limit; anything else as a number (NaN when it is none, which the schema refuses). */
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/** The draft as the API's body; a manual collection sends no rule. */
export function payloadOf(draft: CollectionDraft): CollectionPayload {
  const rule =
    draft.kind === "rule"
      ? {
          category: (draft.category || null) as Category | null,
          minPrice: numberOrNull(draft.minPrice),
          maxPrice: numberOrNull(draft.maxPrice),
          onSale: draft.onSale,
          newestN: numberOrNull(draft.newestN),
        }
      : { category: null, minPrice: null, maxPrice: null, onSale: false, newestN: null };
  return {
    slug: draft.slug.trim(),
    title: draft.title.trim(),
    description: draft.description.trim(),
    image: draft.image.trim() || null,
    kind: draft.kind,
    rule,
  };
}

/**
 * The server's field messages split into the form's fields and the rest (shown above the
 * button). `(root)` and unknown names go to the rest.
 */
export function splitCollectionErrors(errors: Readonly<Record<string, string>>): {
  fields: CollectionFieldErrors;
  other: string[];
} {
  const fields: CollectionFieldErrors = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = COLLECTION_FIELDS.find((name) => name === key);
    if (field) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
}

/** Checks the draft with the server's own schema: the same messages before the request is sent. */
export function validateCollection(
  draft: CollectionDraft,
): { payload: CollectionPayload; errors: null } | { payload: null; errors: Record<string, string> } {
  const payload = payloadOf(draft);
  const parsed = collectionBodySchema.safeParse(payload);
  if (parsed.success) return { payload, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "(root)"] ??= issue.message;
  // The schema compares the prices only once every other field passes; the form says it at once.
  const { minPrice, maxPrice } = payload.rule;
  if (minPrice !== null && maxPrice !== null && minPrice >= maxPrice)
    errors["rule.maxPrice"] ??= COLLECTION_MESSAGES.maxBelowMin;
  return { payload: null, errors };
}

/** A suggested address from a title: "Summer Sale 2026!" → "summer-sale-2026". */
export function slugFrom(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
