import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * One page of a table's rows (`where`, in `orderBy`'s order) and how many match in all, read side
 * by side: a list page's items and its total-count header.
 */
export async function pageOf<Table extends PgTable>(
  db: Db,
  table: Table,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
): Promise<{ rows: Table["$inferSelect"][]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as Table["$inferSelect"][], total: totals[0]?.total ?? 0 };
}
