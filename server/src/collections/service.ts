import type {
  Collection,
  CollectionBody,
  CollectionRule,
  PublicCollection,
} from "@shop/contract/collections";
import { centsToDollars, dollarsToCents } from "@shop/contract/money";
import { asc, eq, inArray } from "drizzle-orm";
import type { AdminProduct } from "@shop/contract/admin";
import type { AuditActor } from "../audit/actor";
import { withAuditActor } from "../audit/actor";
import type { Db } from "../db/client";
import { hasCause } from "../db/error-causes";
import { collectionProducts, collections, products } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import type { CatalogueIndex } from "../products/catalogue-index";
import type { CatalogueQuery } from "../products/filters";
import { toAdminProduct } from "../products/admin-list";
import { auditedFieldsOf, changedFields, pickIds, recordCollectionEvent, recordPicksChange } from "./audit";
import { listProducts } from "../products/service";

type CollectionRow = typeof collections.$inferSelect;

export const SLUG_TAKEN_MESSAGE = "Another collection has this address.";

/** Named on the slug too, so the owner's form shows it next to that field. */
const slugTaken = () => new HttpProblem(409, "Conflict", SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });
const isSlugTaken = (error: unknown) =>
  hasCause(error, ({ code, constraint }) => code === "23505" && constraint === "collections_slug_unique");

const ruleOf = (row: CollectionRow): CollectionRule => ({
  category: row.category,
  minPrice: row.minPriceCents === null ? null : centsToDollars(row.minPriceCents),
  maxPrice: row.maxPriceCents === null ? null : centsToDollars(row.maxPriceCents),
  onSale: row.onSale,
  newestN: row.newestN,
});

export const toPublicCollection = (row: CollectionRow): PublicCollection => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  image: row.image,
});

const toCollection = (row: CollectionRow, productIds: string[]): Collection => ({
  _id: row.id,
  ...toPublicCollection(row),
  kind: row.kind,
  rule: ruleOf(row),
  productIds,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const centsOrNull = (price: number | null | undefined) =>
  price === null || price === undefined ? null : dollarsToCents(price);

/** The row's columns from the owner's form; a manual collection keeps no rule. */
const columnsOf = (body: CollectionBody) => {
  const rule = body.kind === "rule" ? body.rule : undefined;
  return {
    slug: body.slug,
    title: body.title,
    description: body.description,
    image: body.image,
    kind: body.kind,
    category: rule?.category ?? null,
    minPriceCents: centsOrNull(rule?.minPrice),
    maxPriceCents: centsOrNull(rule?.maxPrice),
    onSale: rule?.onSale ?? false,
    newestN: rule?.newestN ?? null,
  };
};

/** The picked products' ids of these collections, in the owner's order. */
async function pickedIds(db: Db, collectionIds: string[]): Promise<Map<string, string[]>> {
  const picked = new Map<string, string[]>(collectionIds.map((id) => [id, []]));
  if (collectionIds.length === 0) return picked;
  const rows = await db
    .select()
    .from(collectionProducts)
    .where(inArray(collectionProducts.collectionId, collectionIds))
    .orderBy(asc(collectionProducts.position));
  for (const row of rows) picked.get(row.collectionId)?.push(row.productId);
  return picked;
}

export async function listCollections(db: Db): Promise<Collection[]> {
  const rows = await db.select().from(collections).orderBy(asc(collections.title), asc(collections.id));
  const picked = await pickedIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCollection(row, picked.get(row.id) ?? []));
}

async function findCollection(db: Db, id: string): Promise<Collection> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  if (!row) throw notFound("No collection has this id.");
  const picked = await pickedIds(db, [id]);
  return toCollection(row, picked.get(id) ?? []);
}

/** A manual collection's picked products in the owner's order, whatever their status (its form lists them). */
export async function listCollectionPicks(db: Db, id: string, now: number): Promise<AdminProduct[]> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id));
  if (!row) throw notFound("No collection has this id.");
  const rows = await db
    .select({ product: products })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position));
  return rows.map(({ product }) => toAdminProduct(product, now));
}

/** Every collection's slug and title, by title: what the header search matches the query against. */
export async function listCollectionTitles(db: Db): Promise<{ slug: string; title: string }[]> {
  return db
    .select({ slug: collections.slug, title: collections.title })
    .from(collections)
    .orderBy(asc(collections.title), asc(collections.slug));
}

export async function findCollectionBySlug(db: Db, slug: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.slug, slug));
  return row;
}

/** Turns the slug's unique violation into a 409 (two owners saving one address at once). */
async function refusingTakenSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugTaken(error)) throw slugTaken();
    throw error;
  }
}

export async function createCollection(db: Db, actor: AuditActor, body: CollectionBody): Promise<Collection> {
  const id = await refusingTakenSlug(() =>
    withAuditActor(db, actor, async (tx) => {
      const [row] = await tx.insert(collections).values(columnsOf(body)).returning();
      await recordCollectionEvent(tx, "created", row!, null, auditedFieldsOf(row!));
      return row!.id;
    }),
  );
  return findCollection(db, id);
}

export async function updateCollection(
  db: Db,
  actor: AuditActor,
  id: string,
  body: CollectionBody,
): Promise<Collection> {
  await refusingTakenSlug(() =>
    withAuditActor(db, actor, async (tx) => {
      const [before] = await tx.select().from(collections).where(eq(collections.id, id)).for("update");
      if (!before) throw notFound("No collection has this id.");
      const [after] = await tx
        .update(collections)
        .set(columnsOf(body))
        .where(eq(collections.id, id))
        .returning();
      const changed = changedFields(auditedFieldsOf(before), auditedFieldsOf(after!));
      if (changed) await recordCollectionEvent(tx, "updated", after!, ...changed);
      // A rule collection picks nothing by hand.
      if (body.kind === "rule") {
        const picked = await pickIds(tx, id);
        await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
        await recordPicksChange(tx, after!, picked, []);
      }
    }),
  );
  return findCollection(db, id);
}

export async function deleteCollection(db: Db, actor: AuditActor, id: string): Promise<void> {
  await withAuditActor(db, actor, async (tx) => {
    const [deleted] = await tx.delete(collections).where(eq(collections.id, id)).returning();
    if (!deleted) throw notFound("No collection has this id.");
    await recordCollectionEvent(tx, "deleted", deleted, auditedFieldsOf(deleted), null);
  });
}

/** Replaces a manual collection's products (in this order); an unknown product id is a 422. */
export async function setCollectionProducts(
  db: Db,
  actor: AuditActor,
  id: string,
  productIds: string[],
): Promise<Collection> {
  await withAuditActor(db, actor, async (tx) => {
    const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for("update");
    if (!row) throw notFound("No collection has this id.");
    if (row.kind !== "manual")
      throw new HttpProblem(
        409,
        "Conflict",
        "A rule collection's products follow its rule; pick products for a manual one.",
      );
    if (productIds.length > 0) {
      const known = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds));
      if (known.length !== productIds.length)
        throw new HttpProblem(422, "Unprocessable Content", "Some of these products do not exist.", {
          productIds: "Some of these products do not exist.",
        });
    }
    await recordPicksChange(tx, row, await pickIds(tx, id), productIds);
    await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
    if (productIds.length > 0)
      await tx
        .insert(collectionProducts)
        .values(productIds.map((productId, position) => ({ collectionId: id, productId, position })));
    await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, id));
  });
  return findCollection(db, id);
}

/**
 * A shopper's catalogue query narrowed to the collection: a manual one's picked products, a
 * rule's category, price range and sale added to the shopper's filters (a category other than
 * the rule's leaves nothing), the newest N as the ids of the newest N live products that match
 * the rest of the rule. Drafts never count: every list holds only what shoppers see.
 */
export async function collectionQueryOf(
  db: Db,
  row: CollectionRow,
  query: CatalogueQuery,
  index: CatalogueIndex | undefined,
): Promise<CatalogueQuery> {
  if (row.kind === "manual") {
    const picked = await pickedIds(db, [row.id]);
    return { ...query, productIds: picked.get(row.id) ?? [] };
  }
  if (row.category !== null && query.category !== undefined && query.category !== row.category)
    return { ...query, productIds: [] };
  const ruled: CatalogueQuery = {
    ...query,
    category: row.category ?? query.category,
    minPriceCents: maxOf(row.minPriceCents, query.minPriceCents),
    maxPriceCents: minOf(row.maxPriceCents, query.maxPriceCents),
    onSale: row.onSale || query.onSale,
  };
  if (row.newestN === null) return ruled;
  const newest = await listProducts(
    db,
    {
      category: row.category ?? undefined,
      minPriceCents: row.minPriceCents ?? undefined,
      maxPriceCents: row.maxPriceCents ?? undefined,
      onSale: row.onSale,
      sort: "newest",
      limit: row.newestN,
      offset: 0,
      now: query.now,
    },
    index,
  );
  return { ...ruled, productIds: newest.items.map((product) => product._id) };
}

const maxOf = (a: number | null, b: number | undefined) =>
  a === null ? b : b === undefined ? a : Math.max(a, b);
const minOf = (a: number | null, b: number | undefined) =>
  a === null ? b : b === undefined ? a : Math.min(a, b);
