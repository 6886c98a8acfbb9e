import { z } from "zod";
import { CATEGORIES, PRODUCT_STATUSES } from "./catalogue";
import { ADMIN_PRODUCT_STATUS_FILTERS } from "./admin";

/**
 * Bulk edit in Manage Products (issue 39, decision 047): a selection of products (rows picked by
 * id, or every product the page's search matches) and one action, previewed, then applied in one
 * transaction. The action is a union on `type`.
 */

/** One action changes at most this many products (measured: decision 047). */
export const BULK_EDIT_MAX_PRODUCTS = 10_000;
/** How many before → after rows a preview shows. */
export const BULK_EDIT_SAMPLE_SIZE = 10;
export const PRICE_CHANGE_PERCENT_RANGE = { min: -99, max: 1000 } as const;
export const SALE_PERCENT_RANGE = { min: 1, max: 99 } as const;

export const BULK_EDIT_MESSAGES = {
  selectionRequired: "Choose the products to change",
  tooManyIds: `Choose at most ${BULK_EDIT_MAX_PRODUCTS.toLocaleString("en-US")} products`,
  categoryRequired: "Choose a category",
  percentInvalid: `The change must be a percentage from ${PRICE_CHANGE_PERCENT_RANGE.min} to ${PRICE_CHANGE_PERCENT_RANGE.max}, not 0, with at most 2 decimals`,
  salePercentInvalid: `The saving must be a whole percentage from ${SALE_PERCENT_RANGE.min} to ${SALE_PERCENT_RANGE.max}`,
  saleTime: "A date and time (ISO 8601)",
  saleEndBeforeStart: "The sale must end after it starts",
  actionRequired: "Choose what to do with the products",
  statusRequired: "Choose a status",
  collectionRequired: "Choose a collection",
} as const;

/** Rows picked on the page, or every product the Manage Products search `q` matches ("" = all). */
export const bulkSelectionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("ids"),
      ids: z
        .array(z.uuid({ message: "Each product id must be a UUID" }), {
          message: BULK_EDIT_MESSAGES.selectionRequired,
        })
        .min(1, BULK_EDIT_MESSAGES.selectionRequired)
        .max(BULK_EDIT_MAX_PRODUCTS, BULK_EDIT_MESSAGES.tooManyIds),
    }),
    z.object({
      kind: z.literal("filter"),
      q: z.string().trim().max(100).default(""),
      /** The list's status filter (decision 046); absent: every status. */
      status: z.enum(ADMIN_PRODUCT_STATUS_FILTERS).optional(),
    }),
  ],
  { message: BULK_EDIT_MESSAGES.selectionRequired },
);
export type BulkSelection = z.input<typeof bulkSelectionSchema>;

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const saleTimeSchema = z.iso.datetime({ offset: true, message: BULK_EDIT_MESSAGES.saleTime }).nullable();

export const bulkActionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("set-category"),
      category: z.enum(CATEGORIES, { message: BULK_EDIT_MESSAGES.categoryRequired }),
    }),
    /** Every variant's price times (100 + percent) / 100, rounded to the currency's minor unit. */
    z.object({
      type: z.literal("change-price"),
      percent: z
        .number({ message: BULK_EDIT_MESSAGES.percentInvalid })
        .min(PRICE_CHANGE_PERCENT_RANGE.min, BULK_EDIT_MESSAGES.percentInvalid)
        .max(PRICE_CHANGE_PERCENT_RANGE.max, BULK_EDIT_MESSAGES.percentInvalid)
        .refine((value) => value !== 0 && hasAtMostTwoDecimals(value), BULK_EDIT_MESSAGES.percentInvalid),
    }),
    /** Each variant's sale price `percentOff` below its price (rounded), over one window (decision 032). */
    z.object({
      type: z.literal("schedule-sale"),
      percentOff: z
        .number({ message: BULK_EDIT_MESSAGES.salePercentInvalid })
        .int(BULK_EDIT_MESSAGES.salePercentInvalid)
        .min(SALE_PERCENT_RANGE.min, BULK_EDIT_MESSAGES.salePercentInvalid)
        .max(SALE_PERCENT_RANGE.max, BULK_EDIT_MESSAGES.salePercentInvalid),
      /** Null: the sale starts at once. */
      startsAt: saleTimeSchema,
      /** Null: the sale runs until it is ended. */
      endsAt: saleTimeSchema,
    }),
    /**
     * Publish (active, and at once: a scheduled launch's time is dropped), back to draft, or
     * archive (decision 046).
     */
    z.object({
      type: z.literal("set-status"),
      status: z.enum(PRODUCT_STATUSES, { message: BULK_EDIT_MESSAGES.statusRequired }),
    }),
    /**
     * Into, or out of, a manual collection (decision 048): the products not in it yet are added
     * after its picks (newest first); at most MAX_COLLECTION_PRODUCTS in all, else nothing changes.
     */
    z.object({
      type: z.literal("add-to-collection"),
      collectionId: z.uuid({ message: BULK_EDIT_MESSAGES.collectionRequired }),
    }),
    z.object({
      type: z.literal("remove-from-collection"),
      collectionId: z.uuid({ message: BULK_EDIT_MESSAGES.collectionRequired }),
    }),
    /** As the single delete: the products leave the catalogue and every cart; orders keep their lines. */
    z.object({ type: z.literal("delete") }),
  ],
  { message: BULK_EDIT_MESSAGES.actionRequired },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export type BulkActionType = BulkAction["type"];

export const bulkEditRequestSchema = z
  .object({
    selection: bulkSelectionSchema,
    action: bulkActionSchema,
    /**
     * The count the preview showed: the apply refuses (409) when the selection now holds another
     * number of products, so an owner never changes products they did not see counted.
     */
    expectedCount: z.number().int().min(0).optional(),
  })
  .superRefine((request, context) => {
    const { action } = request;
    if (
      action.type === "schedule-sale" &&
      action.startsAt &&
      action.endsAt &&
      Date.parse(action.endsAt) <= Date.parse(action.startsAt)
    ) {
      context.addIssue({
        code: "custom",
        path: ["action", "endsAt"],
        message: BULK_EDIT_MESSAGES.saleEndBeforeStart,
      });
    }
  });
export type BulkEditRequest = z.input<typeof bulkEditRequestSchema>;

/** What a product looks like before or after the action (prices in major units, as lists show them). */
export const bulkProductStateSchema = z.object({
  catagory: z.enum(CATEGORIES),
  status: z.enum(PRODUCT_STATUSES),
  publishAt: z.string().nullable(),
  /** The lowest variant price ("From"), and the dearest. */
  price: z.number(),
  priceMax: z.number(),
  /** The lowest sale price of any variant, whether or not the sale runs now; null: none. */
  salePrice: z.number().nullable(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
});
export type BulkProductState = z.infer<typeof bulkProductStateSchema>;

export const bulkPreviewRowSchema = z.object({
  _id: z.uuid(),
  productname: z.string(),
  variantCount: z.number().int(),
  before: bulkProductStateSchema,
  /** Null: the product is deleted. */
  after: bulkProductStateSchema.nullable(),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkPreviewSchema = z.object({
  /** Products the selection holds now (send it back as `expectedCount`). */
  matched: z.number().int(),
  /** Of those, how many the action changes (the rest already are as asked). */
  changing: z.number().int(),
  /** Up to BULK_EDIT_SAMPLE_SIZE of the changing products, newest first. */
  sample: z.array(bulkPreviewRowSchema),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkResultSchema = z.object({
  matched: z.number().int(),
  /** Products changed (or deleted): one audit event each. */
  changed: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
