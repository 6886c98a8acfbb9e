/** What a database error may carry: PostgreSQL's SQLSTATE, its message, the constraint it broke. */
export type DatabaseErrorFields = { code?: unknown; message?: unknown; constraint?: unknown };

/**
 * Whether the error, or one it wraps, matches. Drizzle wraps the driver's error in `cause` (and
 * pg or PGlite may wrap another), so a SQLSTATE sits a level or two down; five is more than any.
 */
export function hasCause(error: unknown, matches: (cause: DatabaseErrorFields) => boolean): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause === "object" && matches(cause as DatabaseErrorFields)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
