/**
 * The owner's desk's plain constants, without zod: the web app imports these (and only types from
 * ./desk), so the desk's schemas never reach the browser's shared zod chunk.
 */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export const LOW_STOCK_DEFAULT_THRESHOLD = 5;
export const LOW_STOCK_SALES_WINDOW_DAYS = 28;

/** The product file's header, in order: export writes it, import requires it. */
export const PRODUCT_CSV_COLUMNS = [
  "id",
  "name",
  "category",
  "price",
  "stock",
  "description",
  "image",
] as const;
export const CSV_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 50_000;
/** A preview lists this many errors at most; a file with more has a systematic problem. */
export const IMPORT_ERRORS_LISTED = 1_000;

export const AUDIT_KINDS = ["price", "stock", "product", "order_status", "user_role", "collection"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
