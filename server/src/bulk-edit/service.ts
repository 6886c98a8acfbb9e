import {
  BULK_EDIT_MAX_PRODUCTS,
  BULK_EDIT_SAMPLE_SIZE,
  type BulkAction,
  type BulkPreview,
  type BulkProductState,
  type BulkResult,
} from "@shop/contract/bulk-edit";
import type { AdminProductListQuery } from "@shop/contract/admin";
import { MAX_COLLECTION_PRODUCTS } from "@shop/contract/collections";
import type { Category, ProductStatus } from "@shop/contract/catalogue";
import { majorToMinor, minorToMajor } from "@shop/contract/currency";
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { withAuditActor, type AuditActor } from "../audit/actor";
import { selectRows, type Db } from "../db/client";
import { HttpProblem } from "../http/problem";
import { collections, products } from "../db/schema";
import { pickIds, recordPicksChange } from "../collections/audit";
import { adminProductsWhere } from "../products/admin-list";

/**
 * Bulk edits of Manage Products (decision 047): the selection resolved to ids, a preview of what
 * the action would change, and the action applied in one transaction with a handful of set-based
 * statements whatever the number of products (no statement per product). The audit triggers
 * (decision 016) write one event per product; a sale, which they do not watch, writes its own.
 * Adding to or removing from a manual collection (decision 048) writes its picks in one statement.
 */

/** The dearest price a product may have, as the product form allows (9,999,999 major units). */
const MAX_PRICE_MINOR = () => majorToMinor(9_999_999);
/** How many products a refusal names. */
const NAMED_IN_REFUSAL = 3;

export type BulkSelectionParsed =
  { kind: "ids"; ids: string[] } | { kind: "filter"; q: string; status?: AdminProductListQuery["status"] };

export interface BulkEditRequestParsed {
  selection: BulkSelectionParsed;
  action: BulkAction;
  expectedCount?: number | undefined;
}

export interface BulkContext {
  now: number;
}

const refused = (detail: string) => new HttpProblem(422, "Unprocessable Content", detail);

/**
 * The ids a selection holds: the rows picked, or every product Manage Products lists for its
 * search and status filter (the same condition, newest first). Ids of products that no longer
 * exist fall out in the statements.
 */
export async function resolveSelection(
  db: Db,
  selection: BulkSelectionParsed,
  now: number,
): Promise<string[]> {
  if (selection.kind === "ids") return [...new Set(selection.ids)];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(adminProductsWhere({ q: selection.q || undefined, status: selection.status }, now))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(BULK_EDIT_MAX_PRODUCTS + 1);
  return rows.map((row) => row.id);
}

/** The ids as one array parameter (they are UUIDs: the schema checked them, or the database gave them). */
const idArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * Each variant's price and sale price after the action, as SQL over `v` (product_variants). A
 * price changed by a percentage keeps a sale price only while it stays below (as 0013's write does).
 */
function variantAfterSql(action: BulkAction): { price: SQL; sale: SQL } {
  switch (action.type) {
    case "change-price": {
      const price = sql`round(v.price_cents::numeric * (100 + ${action.percent}::numeric) / 100)`;
      return { price, sale: sql`(case when v.sale_price_cents < ${price} then v.sale_price_cents end)` };
    }
    case "schedule-sale":
      return {
        price: sql`v.price_cents::numeric`,
        sale: sql`round(v.price_cents::numeric * (100 - ${action.percentOff}::numeric) / 100)`,
      };
    default:
      return { price: sql`v.price_cents::numeric`, sale: sql`v.sale_price_cents::numeric` };
  }
}

/** The sale window after the action (the product's own for actions that leave it). */
function windowAfterSql(action: BulkAction): { starts: SQL; ends: SQL } {
  if (action.type !== "schedule-sale") return { starts: sql`p.sale_starts_at`, ends: sql`p.sale_ends_at` };
  return {
    starts: sql`${action.startsAt}::timestamptz`,
    ends: sql`${action.endsAt}::timestamptz`,
  };
}

type CollectionAction = Extract<BulkAction, { type: "add-to-collection" | "remove-from-collection" }>;

const isCollectionAction = (action: BulkAction): action is CollectionAction =>
  action.type === "add-to-collection" || action.type === "remove-from-collection";

/** Whether the product `p` is one of the collection's picks. */
const inCollectionSql = (collectionId: string) =>
  sql`exists (select 1 from collection_products cp where cp.collection_id = ${collectionId}::uuid and cp.product_id = p.id)`;

/** Whether a product changes, given its row `p` and its variants' aggregate `a`. */
function changesSql(action: BulkAction): SQL {
  switch (action.type) {
    case "add-to-collection":
      return sql`not ${inCollectionSql(action.collectionId)}`;
    case "remove-from-collection":
      return inCollectionSql(action.collectionId);
    case "set-category":
      return sql`p.category <> ${action.category}`;
    case "change-price":
      return sql`a.variants_change`;
    case "schedule-sale": {
      const window = windowAfterSql(action);
      return sql`(a.variants_change or (p.sale_starts_at, p.sale_ends_at) is distinct from (${window.starts}, ${window.ends}))`;
    }
    case "set-status":
      return sql`(p.status <> ${action.status}::product_status or ${publishAtAfterSql(action)} is distinct from p.publish_at)`;
    case "delete":
      return sql`true`;
  }
}

/** Publishing makes a product visible at once: a scheduled launch's time goes (decision 046). */
function publishAtAfterSql(action: BulkAction): SQL {
  if (action.type === "set-status" && action.status === "active") return sql`null::timestamptz`;
  return sql`p.publish_at`;
}

/**
 * Every selected product with its state before and after the action, from its row and its
 * variants: the preview's rows and counts, and the checks that refuse an action before it runs.
 */
function plannedSql(ids: readonly string[], action: BulkAction): SQL {
  const after = variantAfterSql(action);
  const window = windowAfterSql(action);
  const category = action.type === "set-category" ? sql`${action.category}::category` : sql`p.category`;
  const status = action.type === "set-status" ? sql`${action.status}::product_status` : sql`p.status`;
  return sql`
    with v as (
      select v.product_id, v.price_cents as price, v.sale_price_cents as sale,
        ${after.price} as new_price, ${after.sale} as new_sale
      from product_variants v where v.product_id = any(${idArray(ids)})
    ), a as (
      select product_id,
        min(price) as min_price, max(price) as max_price, min(sale) as min_sale,
        min(new_price) as new_min_price, max(new_price) as new_max_price, min(new_sale) as new_min_sale,
        bool_or(new_price <> price or new_sale is distinct from sale) as variants_change,
        bool_or(new_price < 1 or new_price > ${MAX_PRICE_MINOR()}) as price_out_of_range,
        bool_or(new_sale is not null and (new_sale < 1 or new_sale >= new_price)) as sale_not_below
      from v group by product_id
    )
    select p.id, p.name, p.created_at, p.variant_count, p.category, ${category} as new_category,
      p.status, ${status} as new_status, p.publish_at, ${publishAtAfterSql(action)} as new_publish_at,
      a.min_price, a.max_price, a.min_sale, a.new_min_price, a.new_max_price, a.new_min_sale,
      p.sale_starts_at, p.sale_ends_at, ${window.starts} as new_starts_at, ${window.ends} as new_ends_at,
      ${changesSql(action)} as changes, a.price_out_of_range, a.sale_not_below
    from products p join a on a.product_id = p.id
    where p.id = any(${idArray(ids)})`;
}

type Time = Date | string | null;
type Cents = number | string | null;

interface PlannedRow {
  id: string;
  name: string;
  variant_count: number;
  category: Category;
  new_category: Category;
  status: ProductStatus;
  new_status: ProductStatus;
  publish_at: Time;
  new_publish_at: Time;
  min_price: Cents;
  max_price: Cents;
  min_sale: Cents;
  new_min_price: Cents;
  new_max_price: Cents;
  new_min_sale: Cents;
  sale_starts_at: Time;
  sale_ends_at: Time;
  new_starts_at: Time;
  new_ends_at: Time;
}

const major = (cents: Cents) => (cents === null ? null : minorToMajor(Number(cents)));
const iso = (time: Time) => (time === null ? null : new Date(time).toISOString());

function stateOf(
  [category, status, publishAt]: [Category, ProductStatus, Time],
  prices: [min: Cents, max: Cents, sale: Cents],
  window: [starts: Time, ends: Time],
): BulkProductState {
  return {
    catagory: category,
    status,
    publishAt: iso(publishAt),
    price: major(prices[0]) ?? 0,
    priceMax: major(prices[1]) ?? 0,
    salePrice: major(prices[2]),
    saleStartsAt: iso(window[0]),
    saleEndsAt: iso(window[1]),
  };
}

/**
 * The checks every product must pass before anything is written (all or nothing): prices stay
 * between one minor unit and the most a product may cost; a sale price stays below the price.
 */
async function refuseImpossible(db: Db, planned: SQL, action: BulkAction, now: number) {
  if (action.type === "schedule-sale" && action.endsAt && Date.parse(action.endsAt) <= now) {
    throw refused("The sale must end in the future.");
  }
  if (action.type !== "change-price" && action.type !== "schedule-sale") return;
  const column = action.type === "change-price" ? sql`price_out_of_range` : sql`sale_not_below`;
  const [row] = await selectRows<{ count: number | string; names: string[] | null }>(
    db,
    sql`select count(*) as count, (array_agg(name order by name))[1:${NAMED_IN_REFUSAL}] as names
      from (${planned}) planned where ${column}`,
  );
  const count = Number(row?.count ?? 0);
  if (count === 0) return;
  const names = (row?.names ?? []).map((name) => `“${name}”`).join(", ");
  const products = count === 1 ? "1 product" : `${count.toLocaleString("en-US")} products`;
  throw refused(
    action.type === "change-price"
      ? `${products} would cost less than the smallest amount or more than the most a product may cost (${names}). Nothing was changed.`
      : `${products} cost too little for a ${action.percentOff} % saving rounded to the currency's smallest unit (${names}). Nothing was changed.`,
  );
}

/**
 * A collection action needs a manual collection (409 for a rule one, whose products follow its
 * rule) that stays within MAX_COLLECTION_PRODUCTS picks (422 naming it). The apply locks the
 * collection's row first, so two edits of one collection cannot both pass the cap.
 */
async function refuseCollectionChange(db: Db, ids: readonly string[], action: BulkAction, lock: boolean) {
  if (!isCollectionAction(action)) return;
  const query = db
    .select({ title: collections.title, kind: collections.kind })
    .from(collections)
    .where(eq(collections.id, action.collectionId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) {
    const message = "No collection has this id: it may have been deleted.";
    throw new HttpProblem(422, "Unprocessable Content", `${message} Nothing was changed.`, {
      "action.collectionId": message,
    });
  }
  if (row.kind !== "manual") {
    throw new HttpProblem(
      409,
      "Conflict",
      `“${row.title}” is a rule collection: its products follow its rule. Choose a manual collection. Nothing was changed.`,
    );
  }
  if (action.type !== "add-to-collection" || ids.length === 0) return;
  const [counts] = await selectRows<{ picked: number | string; adding: number | string }>(
    db,
    sql`select
      (select count(*) from collection_products where collection_id = ${action.collectionId}::uuid) as picked,
      (select count(*) from products p where p.id = any(${idArray(ids)}) and not ${inCollectionSql(action.collectionId)}) as adding`,
  );
  const total = Number(counts?.picked ?? 0) + Number(counts?.adding ?? 0);
  if (total > MAX_COLLECTION_PRODUCTS) {
    throw refused(
      `“${row.title}” would hold ${total.toLocaleString("en-US")} products; a collection holds at most ${MAX_COLLECTION_PRODUCTS}. Nothing was changed.`,
    );
  }
}

function refuseTooMany(count: number) {
  if (count > BULK_EDIT_MAX_PRODUCTS) {
    throw refused(
      `One bulk edit changes at most ${BULK_EDIT_MAX_PRODUCTS.toLocaleString("en-US")} products; narrow the search.`,
    );
  }
}

/** What the action would change: counts and the first changing products, before → after. */
export async function previewBulkEdit(
  db: Db,
  request: BulkEditRequestParsed,
  context: BulkContext,
): Promise<BulkPreview> {
  const ids = await resolveSelection(db, request.selection, context.now);
  refuseTooMany(ids.length);
  await refuseCollectionChange(db, ids, request.action, false);
  if (ids.length === 0) return { matched: 0, changing: 0, sample: [] };
  const planned = plannedSql(ids, request.action);
  await refuseImpossible(db, planned, request.action, context.now);
  const [counts] = await selectRows<{ matched: number | string; changing: number | string }>(
    db,
    sql`select count(*) as matched, count(*) filter (where changes) as changing from (${planned}) planned`,
  );
  const rows = await selectRows<PlannedRow>(
    db,
    sql`select * from (${planned}) planned where changes order by created_at desc, id limit ${BULK_EDIT_SAMPLE_SIZE}`,
  );
  const deletes = request.action.type === "delete";
  return {
    matched: Number(counts?.matched ?? 0),
    changing: Number(counts?.changing ?? 0),
    sample: rows.map((row) => ({
      _id: row.id,
      productname: row.name,
      variantCount: row.variant_count,
      before: stateOf(
        [row.category, row.status, row.publish_at],
        [row.min_price, row.max_price, row.min_sale],
        [row.sale_starts_at, row.sale_ends_at],
      ),
      after: deletes
        ? null
        : stateOf(
            [row.new_category, row.new_status, row.new_publish_at],
            [row.new_min_price, row.new_max_price, row.new_min_sale],
            [row.new_starts_at, row.new_ends_at],
          ),
    })),
  };
}

/** Lets the variants be written first and their products derived once, set-based (0024). */
const deriveLater = (on: boolean) => sql`select set_config('shop.derive_later', ${on ? "on" : ""}, true)`;

const countOf = async (db: Db, statement: SQL) =>
  (await selectRows<{ n: number | string }>(db, statement)).length;

/** The action's statements; answers how many products changed. */
async function applyAction(tx: Db, ids: readonly string[], action: BulkAction): Promise<number> {
  const selected = idArray(ids);
  switch (action.type) {
    case "set-category":
      return countOf(
        tx,
        sql`update products set category = ${action.category}, updated_at = now()
          where id = any(${selected}) and category <> ${action.category} returning id as n`,
      );
    case "set-status":
      // The audit trigger records each product's status (0025).
      return countOf(
        tx,
        sql`update products p set status = ${action.status}::product_status,
            publish_at = ${publishAtAfterSql(action)}, updated_at = now()
          where p.id = any(${selected}) and ${changesSql(action)} returning p.id as n`,
      );
    case "delete":
      // As the single delete: cart lines cascade; order lines keep their copy of the product.
      return countOf(tx, sql`delete from products where id = any(${selected}) returning id as n`);
    case "change-price": {
      const after = variantAfterSql(action);
      await tx.execute(deriveLater(true));
      const changed = await selectRows<{ n: number | string }>(
        tx,
        sql`with changed as (
            update product_variants v set price_cents = ${after.price}::int, sale_price_cents = ${after.sale}::int,
              updated_at = now()
            where v.product_id = any(${selected}) and ${after.price} <> v.price_cents
            returning v.product_id)
          select count(distinct product_id) as n from changed`,
      );
      // The products' figures from their variants: the audit trigger records each new price.
      await tx.execute(sql`select products_derive_from_variants(${selected})`);
      await tx.execute(deriveLater(false));
      return Number(changed[0]?.n ?? 0);
    }
    case "schedule-sale":
      return scheduleSale(tx, ids, action);
    case "add-to-collection":
    case "remove-from-collection":
      return changeCollection(tx, ids, action);
  }
}

/**
 * Adds the products not yet picked after the collection's last pick (newest first), or removes
 * the picked ones; the collection's own row records the change time.
 */
async function changeCollection(tx: Db, ids: readonly string[], action: CollectionAction): Promise<number> {
  const selected = idArray(ids);
  const collectionId = sql`${action.collectionId}::uuid`;
  const before = await pickIds(tx, action.collectionId);
  const changed =
    action.type === "add-to-collection"
      ? await countOf(
          tx,
          sql`insert into collection_products (collection_id, product_id, position)
            select ${collectionId}, p.id,
              coalesce((select max(position) from collection_products where collection_id = ${collectionId}), -1)
                + row_number() over (order by p.created_at desc, p.id)
            from products p
            where p.id = any(${selected}) and not ${inCollectionSql(action.collectionId)}
            on conflict do nothing
            returning product_id as n`,
        )
      : await countOf(
          tx,
          sql`delete from collection_products
            where collection_id = ${collectionId} and product_id = any(${selected})
            returning product_id as n`,
        );
  if (changed > 0) {
    const [collection] = await tx
      .update(collections)
      .set({ updatedAt: new Date() })
      .where(eq(collections.id, action.collectionId))
      .returning({ id: collections.id, title: collections.title });
    // One audit event for the collection: its number of products before → after.
    await recordPicksChange(tx, collection!, before, await pickIds(tx, action.collectionId));
  }
  return changed;
}

/**
 * A sale on every variant and one window per product. The audit triggers do not watch sale
 * prices, so this writes the products' events itself, one each, before → after.
 */
async function scheduleSale(
  tx: Db,
  ids: readonly string[],
  action: Extract<BulkAction, { type: "schedule-sale" }>,
): Promise<number> {
  const selected = idArray(ids);
  const after = variantAfterSql(action);
  const window = windowAfterSql(action);
  const events = await selectRows<{ n: string }>(
    tx,
    sql`insert into audit_events (actor_id, actor_email, kind, action, entity_id, entity_label, before, after)
      select audit_actor_id(), audit_actor_email(), 'price', 'updated', planned.id, planned.name,
        jsonb_build_object('sale_price_cents', planned.min_sale, 'sale_starts_at', planned.sale_starts_at,
          'sale_ends_at', planned.sale_ends_at),
        jsonb_build_object('sale_percent_off', ${action.percentOff}::int, 'sale_price_cents', planned.new_min_sale,
          'sale_starts_at', planned.new_starts_at, 'sale_ends_at', planned.new_ends_at)
      from (${plannedSql(ids, action)}) planned where planned.changes
      returning entity_id as n`,
  );
  await tx.execute(deriveLater(true));
  await tx.execute(sql`update product_variants v set sale_price_cents = ${after.sale}::int, updated_at = now()
    where v.product_id = any(${selected}) and v.sale_price_cents is distinct from ${after.sale}::int`);
  // The products' sale figures and window in one write each.
  await tx.execute(
    sql`select products_derive_from_variants(${selected}, true, ${window.starts}, ${window.ends})`,
  );
  await tx.execute(deriveLater(false));
  return events.length;
}

/**
 * Applies the action to the selection in one transaction, or nothing: the selection is resolved
 * and locked, checked against the count the preview showed, and every product checked, before
 * the first write.
 */
export async function applyBulkEdit(
  db: Db,
  actor: AuditActor,
  request: BulkEditRequestParsed,
  context: BulkContext,
): Promise<BulkResult> {
  const resolved = await resolveSelection(db, request.selection, context.now);
  refuseTooMany(resolved.length);
  return withAuditActor(db, actor, async (tx) => {
    // The collection before the products, in the order its own writes lock them (no deadlock).
    await refuseCollectionChange(tx, resolved, request.action, true);
    const locked = resolved.length
      ? await selectRows<{ id: string }>(
          tx,
          sql`select id from products where id = any(${idArray(resolved)}) order by id for update`,
        )
      : [];
    const ids = locked.map((row) => row.id);
    if (request.expectedCount !== undefined && ids.length !== request.expectedCount) {
      throw new HttpProblem(
        409,
        "Conflict",
        `The selection now holds ${ids.length.toLocaleString("en-US")} products, not ${request.expectedCount.toLocaleString("en-US")}: preview it again. Nothing was changed.`,
      );
    }
    if (ids.length === 0) return { matched: 0, changed: 0 };
    await refuseImpossible(tx, plannedSql(ids, request.action), request.action, context.now);
    const changed = await applyAction(tx, ids, request.action);
    return { matched: ids.length, changed };
  });
}
