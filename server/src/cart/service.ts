import { centsToDollars } from "@shop/contract/money";
import { CART_MESSAGES, CART_QUANTITY_MAX, type CartLine } from "@shop/contract/cart";
import { and, count, eq, sql, sum } from "drizzle-orm";
import { preparedPerDatabase, prepareRows, selectRows, type Db } from "../db/client";
import type { SessionInStatement } from "../auth/guards";
import { requesterColumns, requesterCte, type RequesterRow } from "../auth/session-lookup";
import { cartLines, productOptions, products, productVariants, users } from "../db/schema";
import { badRequest, HttpProblem, notFound } from "../http/problem";
import { parseOptions, variantImageSql, variantName, variantOptionsSql } from "../products/variant-sql";
import { priceAt, variantPriceSql } from "../products/sale-price";
import { shownToShoppersSql } from "../products/visibility";

export const outOfStock = (detail: string) => new HttpProblem(409, "Conflict", detail, { quantity: detail });

interface Owner {
  id: string;
  email: string;
}

/** A cart line's columns, as both cart statements select them. */
export interface LineColumns {
  line_id: string;
  product_id: string;
  variant_id: string;
  options: unknown;
  quantity: number;
  name: string;
  image: string;
  price_cents: number;
  sale_price_cents: number | null;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
  price_seen_cents: number | null;
  stock: number;
}

/** The same columns on a row that may have no line (nothing added; a page without lines). */
type MaybeLineColumns = { [Column in keyof LineColumns]: LineColumns[Column] | null };

const hasLine = <Row extends MaybeLineColumns>(row: Row): row is Row & LineColumns => row.line_id !== null;

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A line priced at `now` (a running sale's price), and the price seen when added if it differs. */
export function toCartLine(row: LineColumns, email: string, now: number): CartLine {
  const applied = priceAt(
    row.price_cents,
    row.sale_price_cents,
    { saleStartsAt: dateOf(row.sale_starts_at), saleEndsAt: dateOf(row.sale_ends_at) },
    now,
  );
  const seen = row.price_seen_cents;
  return {
    _id: row.line_id,
    productId: row.product_id,
    variantId: row.variant_id,
    options: parseOptions(row.options),
    name: row.name,
    image: row.image,
    stock: row.stock,
    price: centsToDollars(applied.priceCents),
    compareAtPrice: applied.compareAtCents === null ? null : centsToDollars(applied.compareAtCents),
    savingPercent: applied.savingPercent,
    priceWhenAdded: seen === null || seen === applied.priceCents ? null : centsToDollars(seen),
    quantity: row.quantity,
    total: centsToDollars(applied.priceCents * row.quantity),
    email,
  };
}

interface AddedRow extends RequesterRow, MaybeLineColumns {
  /** Null when no product has the id. */
  product_name: string | null;
  /** How many variants the product has; the chosen one's stock (null: none chosen or no such one). */
  variant_count: number | null;
  variant_stock: number | null;
}

const addStatement = preparedPerDatabase((db) => {
  const productId = sql.placeholder("productId");
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const variantId = sql.placeholder("variantId");
  const quantity = sql.placeholder("quantity");
  return prepareRows<AddedRow>(
    db,
    "add_to_cart",
    sql`
    with ${requesterCte(sql.placeholder("token"))},
    product as (
      select ${products.id}, ${products.name}, ${products.image}, ${products.variantCount},
        ${products.saleStartsAt}, ${products.saleEndsAt}
      from ${products} where ${products.id} = ${productId}::uuid and ${shownToShoppersSql(now)}
    ), variant as (
      -- The chosen variant, or the only one of a product without options.
      select v.id, v.product_id, v.option_values, v.price_cents, v.sale_price_cents, v.stock,
        ${variantPriceSql(sql`v`, sql`product`, now)} as price_now
      from ${productVariants} v, product
      where v.product_id = product.id
        and (v.id = ${variantId}::uuid or (${variantId}::uuid is null and product.variant_count = 1))
    ), line as (
      insert into ${cartLines} (user_id, product_id, variant_id, quantity, price_seen_cents)
      select requester.id, variant.product_id, variant.id, ${quantity}::int, variant.price_now
      from requester, variant where ${quantity}::int <= variant.stock
      on conflict (user_id, variant_id) do update
        -- Adding more at a new price: the shopper has seen that price now.
        set quantity = ${cartLines.quantity} + excluded.quantity, updated_at = now(),
          price_seen_cents = excluded.price_seen_cents
        -- Never more than 99, nor more than the variant's stock at this moment.
        where ${cartLines.quantity} + excluded.quantity <= least(${CART_QUANTITY_MAX},
          (select v.stock from ${productVariants} v where v.id = excluded.variant_id))
      returning ${cartLines.id}, ${cartLines.quantity}, ${cartLines.priceSeenCents}
    )
    select ${requesterColumns}, line.id as line_id, product.id as product_id, variant.id as variant_id,
      ${variantOptionsSql(sql`variant`)} as options, line.quantity, product.name,
      ${variantImageSql(sql`variant`, sql`product`)} as image, variant.price_cents, variant.sale_price_cents,
      product.sale_starts_at, product.sale_ends_at, line.price_seen_cents, variant.stock,
      product.name as product_name, product.variant_count, variant.stock as variant_stock
    from requester left join product on true left join variant on true left join line on true`,
  );
});

/**
 * Adds `quantity` of a product's variant to the requester's line for it, creating the line if
 * needed. One statement looks up the session, reads the variant and raises or inserts the line,
 * so parallel adds never lose an update and the hot path is a single round trip; a total above
 * the limit changes nothing, and so does a session that has ended. `variantId` may be left out
 * for a product with a single variant (SPEC's clients know no variants).
 */
export async function addToCart(
  db: Db,
  session: SessionInStatement,
  productId: string,
  quantity: number,
  variantId?: string,
  now = Date.now(),
): Promise<CartLine> {
  const [row] = await addStatement(db)({
    token: session.token,
    productId,
    variantId: variantId ?? null,
    quantity,
    now: new Date(now).toISOString(),
  });
  const owner = await session.settle(row);
  if (!row || row.product_name === null) throw notFound("No product has this id.");
  if (row.variant_stock === null) {
    if (variantId) throw notFound(`${row.product_name} has no such variant.`);
    throw await chooseVariantFirst(db, productId);
  }
  if (!hasLine(row)) {
    const name = variantName(row.product_name, parseOptions(row.options));
    throw await refusal(db, owner, { name, stock: row.variant_stock, variantId: row.variant_id! }, quantity);
  }
  return toCartLine(row, owner.email, now);
}

/** A product with several variants needs one chosen: "Choose a Size and Colour" (the bag's and the guest bag's refusal). */
export async function chooseVariantFirst(db: Db, productId: string) {
  const options = await db
    .select({ name: productOptions.name })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(productOptions.position);
  const message = `Choose a ${options.map((option) => option.name).join(" and ") || "variant"} first.`;
  return badRequest(message, { variantId: message });
}

/** Why an add changed nothing: no stock, or the line would pass 99 or the stock. */
async function refusal(
  db: Db,
  owner: Owner,
  variant: { name: string; stock: number; variantId: string },
  quantity: number,
) {
  if (variant.stock === 0) return outOfStock(`${variant.name} is out of stock.`);
  if (quantity > variant.stock) return outOfStock(`Only ${variant.stock} of ${variant.name} left in stock.`);
  const [existing] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.userId, owner.id), eq(cartLines.variantId, variant.variantId)));
  if ((existing?.quantity ?? 0) + quantity > CART_QUANTITY_MAX) {
    return badRequest(CART_MESSAGES.quantityOverLimit, { quantity: CART_MESSAGES.quantityOverLimit });
  }
  return outOfStock(
    `Only ${variant.stock} of ${variant.name} left in stock; your cart has ${existing?.quantity ?? 0}.`,
  );
}

interface CartPageRow extends RequesterRow, MaybeLineColumns {
  /** Null when no account has the e-mail. */
  owner_id: string | null;
  /** The cart's totals, on every row with a line. */
  line_count: number;
  unit_count: number;
}

const cartPageStatement = preparedPerDatabase((db) =>
  prepareRows<CartPageRow>(
    db,
    "cart_page",
    sql`
    with ${requesterCte(sql.placeholder("token"))},
    owner as (select ${users.id} from ${users} where ${users.email} = ${sql.placeholder("ownerEmail")}),
    page as (
      select ${cartLines.id} as line_id, ${cartLines.productId}, ${cartLines.variantId},
        ${variantOptionsSql(sql`v`)} as options, ${cartLines.quantity}, ${products.name},
        ${variantImageSql(sql`v`, sql`${products}`)} as image, v.price_cents, v.sale_price_cents,
        ${products.saleStartsAt}, ${products.saleEndsAt}, ${cartLines.priceSeenCents},
        -- A product taken off sale (decision 046) cannot be bought: its line shows none left.
        case when ${shownToShoppersSql(sql`now()`)} then v.stock else 0 end as stock,
        -- The totals ride along as window columns: one round trip for the page and its counts.
        (count(*) over ())::int as line_count, (sum(${cartLines.quantity}) over ())::int as unit_count
      from ${cartLines} join ${productVariants} v on v.id = ${cartLines.variantId}
        join ${products} on ${products.id} = v.product_id
      where ${cartLines.userId} = (select id from owner)
        -- A shopper reads only their own cart, an admin anyone's.
        and exists (select 1 from requester where requester.id = ${cartLines.userId} or requester.role = 'admin')
      order by ${cartLines.createdAt} desc, ${cartLines.id} asc
      limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}
    )
    select ${requesterColumns}, (select id from owner) as owner_id, page.*
    from requester left join page on true`,
  ),
);

/**
 * A page of the cart of the account with this e-mail, newest line first, with the session looked
 * up in the same statement. The requester is settled before anything else is told: `ownerFound`
 * false means no such account; a shopper asking for another's cart gets no lines (the route
 * answers 403 before it would matter).
 */
export async function listCart(
  db: Db,
  session: SessionInStatement,
  ownerEmail: string,
  page: { limit: number; offset: number },
  now = Date.now(),
) {
  const email = ownerEmail.trim().toLowerCase();
  const rows = await cartPageStatement(db)({ token: session.token, ownerEmail: email, ...page });
  const requester = await session.settle(rows[0]);
  const ownerId = rows[0]?.owner_id ?? null;
  const readable = ownerId !== null && (requester.role === "admin" || requester.id === ownerId);
  const lineRows = rows.filter(hasLine);
  const first = lineRows[0];
  const totals = first
    ? { lineCount: first.line_count, unitCount: first.unit_count }
    : readable && page.offset > 0
      ? await cartTotals(db, ownerId)
      : { lineCount: 0, unitCount: 0 };
  const lines = lineRows.map((row) => toCartLine(row, email, now));
  return { ownerFound: ownerId !== null, lines, lineCount: totals.lineCount, itemCount: totals.unitCount };
}

/** For a page past the end, which has no rows to carry the totals. */
async function cartTotals(db: Db, ownerId: string) {
  const [totals] = await db
    .select({ lineCount: count(), unitCount: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.userId, ownerId));
  return { lineCount: totals?.lineCount ?? 0, unitCount: totals?.unitCount ?? 0 };
}

/** Deletes a line of the owner's (any line for an admin); answers how many went. */
export async function removeCartLine(db: Db, lineId: string, requester: { id: string; isAdmin: boolean }) {
  const owned = requester.isAdmin ? undefined : eq(cartLines.userId, requester.id);
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), owned))
    .returning({ id: cartLines.id });
  // Another user's line answers like a missing one: its existence is not ours to know.
  if (deleted.length === 0) throw notFound("Your cart has no such line.");
  return deleted.length;
}

/**
 * Sets a line's quantity (the owner's; any line for an admin): at most 99 and at most the
 * variant's stock at this moment, checked in the same statement that writes it.
 */
export async function changeCartLineQuantity(
  db: Db,
  lineId: string,
  quantity: number,
  requester: { id: string; email: string; isAdmin: boolean },
  now = Date.now(),
): Promise<CartLine> {
  const owned = requester.isAdmin ? sql`true` : sql`${cartLines.userId} = ${requester.id}`;
  const rows = await selectRows<LineColumns & { owner_email: string; changed: boolean }>(
    db,
    sql`with target as (
          select ${cartLines.id}, ${cartLines.variantId} from ${cartLines}
          where ${cartLines.id} = ${lineId} and ${owned}
        ), changed as (
          update ${cartLines} set quantity = ${quantity}, updated_at = now()
          from target, ${productVariants} v
          where ${cartLines.id} = target.id and v.id = target.variant_id and v.stock >= ${quantity}
          returning ${cartLines.id}
        )
        select l.id as line_id, l.product_id, l.variant_id, ${variantOptionsSql(sql`v`)} as options,
          ${quantity}::int as quantity, p.name, ${variantImageSql(sql`v`, sql`p`)} as image,
          v.price_cents, v.sale_price_cents, p.sale_starts_at, p.sale_ends_at, l.price_seen_cents,
          v.stock, u.email as owner_email, exists (select 1 from changed) as changed
        from target join ${cartLines} l on l.id = target.id
          join ${productVariants} v on v.id = l.variant_id
          join ${products} p on p.id = l.product_id
          join ${users} u on u.id = l.user_id`,
  );
  const row = rows[0];
  // Another user's line answers like a missing one: its existence is not ours to know.
  if (!row) throw notFound("Your cart has no such line.");
  if (!row.changed) {
    const name = variantName(row.name, parseOptions(row.options));
    throw row.stock === 0
      ? outOfStock(`${name} is out of stock.`)
      : outOfStock(`Only ${row.stock} of ${name} left in stock.`);
  }
  return toCartLine(row, row.owner_email, now);
}
