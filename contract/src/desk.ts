import { z } from "zod";
import { chosenOptionSchema } from "./cart";
import { CATEGORIES } from "./catalogue";
import { AUDIT_KINDS, INSIGHT_PERIODS, type InsightPeriod } from "./desk-constants";

export * from "./desk-constants";

/**
 * The owner's desk (issue 20): insights, low stock, the catalogue's CSV files and the audit
 * trail. Money is integer minor units on this wire (`…Cents`), in SHOP_CURRENCY (decision 040).
 */

// ---- Insights.

export const insightsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((value): value is InsightPeriod => (INSIGHT_PERIODS as readonly number[]).includes(value), {
      message: "Choose 7, 30 or 90 days",
    })
    .default(30),
  /** The period's last day (UTC, YYYY-MM-DD); today when absent. */
  end: z.iso.date().optional(),
});

export const insightTotalsSchema = z.object({
  revenueCents: z.number().int(),
  orders: z.number().int(),
  averageOrderCents: z.number().int(),
  units: z.number().int(),
  /** Of `orders`, those placed without an account (GUEST_CHECKOUT). */
  guestOrders: z.number().int().optional(),
});
export type InsightTotals = z.infer<typeof insightTotalsSchema>;

export const insightDaySchema = insightTotalsSchema.extend({ day: z.iso.date() });
export type InsightDay = z.infer<typeof insightDaySchema>;

export const insightRankSchema = z.object({
  label: z.string(),
  productId: z.uuid().nullable(),
  units: z.number().int(),
  revenueCents: z.number().int(),
});
export type InsightRank = z.infer<typeof insightRankSchema>;

export const insightsSchema = z.object({
  currency: z.string(),
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the period, oldest first, zero-filled. */
  daily: z.array(insightDaySchema),
  totals: insightTotalsSchema,
  /** The same number of days just before `from`. */
  previous: insightTotalsSchema.extend({ from: z.iso.date(), to: z.iso.date() }),
  topProducts: z.array(insightRankSchema),
  topCategories: z.array(insightRankSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

// ---- Low stock.

export const lowStockSettingsSchema = z.object({
  threshold: z
    .number({ message: "Enter a whole number from 0 to 100000" })
    .int("Enter a whole number from 0 to 100000")
    .min(0, "Enter a whole number from 0 to 100000")
    .max(100_000, "Enter a whole number from 0 to 100000"),
});
export type LowStockSettings = z.infer<typeof lowStockSettingsSchema>;

/** One stock-keeping unit: a variant of a product, named by the product and its options. */
export const lowStockItemSchema = z.object({
  productId: z.uuid(),
  variantId: z.uuid(),
  name: z.string(),
  /** The variant's options, [{ name: "Size", value: "M" }]; [] for a product without options. */
  options: z.array(chosenOptionSchema),
  catagory: z.enum(CATEGORIES),
  stock: z.number().int(),
  unitsSold28Days: z.number().int(),
  /** Stock divided by the average daily sales of the last 28 days; null when nothing sold. */
  daysOfCover: z.number().nullable(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockSchema = z.object({
  threshold: z.number().int(),
  items: z.array(lowStockItemSchema),
});
export type LowStock = z.infer<typeof lowStockSchema>;

export const lowStockCountSchema = z.object({ count: z.number().int() });

// ---- CSV.

export const ordersExportQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((range) => range.from <= range.to, { message: "`from` must not be after `to`", path: ["to"] });

export const importRowErrorSchema = z.object({
  /** The row in the file as a spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewSchema = z.object({
  rows: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** Every row's errors, up to IMPORT_ERRORS_LISTED of them (errorCount has them all). */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  /** The first rows as they will be stored, for the owner to eyeball. */
  sample: z.array(
    z.object({
      row: z.number().int(),
      name: z.string(),
      category: z.string(),
      price: z.string(),
      stock: z.number().int(),
      action: z.enum(["create", "update"]),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

// ---- Audit trail.

export const auditQuerySchema = z.object({
  kind: z.enum(AUDIT_KINDS).optional(),
  /** Matches who acted (e-mail) or what it was about (product name, order number, e-mail). */
  q: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  action: z.enum(["created", "updated", "deleted"]),
  entityId: z.uuid(),
  entityLabel: z.string(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
