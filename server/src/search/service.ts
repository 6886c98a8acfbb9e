import type { SynonymGroup, SynonymGroupBody } from "@shop/contract/search";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { searchSynonyms } from "../db/schema";

type SynonymRow = typeof searchSynonyms.$inferSelect;

const toSynonymGroup = (row: SynonymRow): SynonymGroup => ({ _id: row.id, terms: row.terms });

export async function listSynonymGroups(db: Db): Promise<SynonymGroup[]> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return rows.map(toSynonymGroup);
}

export async function createSynonymGroup(db: Db, body: SynonymGroupBody): Promise<SynonymGroup> {
  const [row] = await db.insert(searchSynonyms).values({ terms: body.terms }).returning();
  return toSynonymGroup(row!);
}

/** Undefined when no group has this id. */
export async function updateSynonymGroup(db: Db, id: string, body: SynonymGroupBody) {
  const [row] = await db
    .update(searchSynonyms)
    .set({ terms: body.terms })
    .where(eq(searchSynonyms.id, id))
    .returning();
  return row && toSynonymGroup(row);
}

/** Whether a group had this id. */
export async function deleteSynonymGroup(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id });
  return deleted.length > 0;
}
