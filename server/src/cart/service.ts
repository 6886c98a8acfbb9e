import { CART_MESSAGES, CART_QUANTITY_MAX, type CartLine } from "@shop/contract/cart";
import { and, count, eq, sql, sum } from "drizzle-orm";
import { preparedPerDatabase, prepareRows, type Db } from "../db/client";
import type { SessionInStatement } from "../auth/guards";
import { requesterColumns, requesterCte, type RequesterRow } from "../auth/session-lookup";
import { cartLines, products, users } from "../db/schema";
import { badRequest, HttpProblem, notFound } from "../http/problem";

const outOfStock = (detail: string) => new HttpProblem(409, "Conflict", detail, { quantity: detail });

interface Owner {
  id: string;
  email: string;
}

/** A cart line's columns, as both cart statements select them. */
interface LineColumns {
  line_id: string;
  product_id: string;
  quantity: number;
  name: string;
  image: string;
  price_cents: number;
}

/** The same columns on a row that may have no line (nothing added; a page without lines). */
type MaybeLineColumns = { [Column in keyof LineColumns]: LineColumns[Column] | null };

const hasLine = <Row extends MaybeLineColumns>(row: Row): row is Row & LineColumns => row.line_id !== null;

function toCartLine(row: LineColumns, email: string): CartLine {
  return {
    _id: row.line_id,
    productId: row.product_id,
    name: row.name,
    image: row.image,
    price: row.price_cents / 100,
    quantity: row.quantity,
    total: (row.price_cents * row.quantity) / 100,
    email,
  };
}

interface AddedRow extends RequesterRow, MaybeLineColumns {
  /** `name` is null when no product has the id, `line_id` when nothing was added. */
  stock: number | null;
}

const addStatement = preparedPerDatabase((db) => {
  const productId = sql.placeholder("productId");
  const quantity = sql.placeholder("quantity");
  return prepareRows<AddedRow>(
    db,
    "add_to_cart",
    sql`
    with ${requesterCte(sql.placeholder("token"))},
    product as (
      select ${products.id}, ${products.name}, ${products.image}, ${products.priceCents}, ${products.stock}
      from ${products} where ${products.id} = ${productId}::uuid
    ), line as (
      insert into ${cartLines} (user_id, product_id, quantity)
      select requester.id, product.id, ${quantity}::int
      from requester, product where ${quantity}::int <= product.stock
      on conflict (user_id, product_id) do update
        set quantity = ${cartLines.quantity} + excluded.quantity, updated_at = now()
        -- Never more than 99, nor more than the stock at this moment.
        where ${cartLines.quantity} + excluded.quantity <= least(${CART_QUANTITY_MAX},
          (select ${products.stock} from ${products} where ${products.id} = excluded.product_id))
      returning ${cartLines.id}, ${cartLines.quantity}
    )
    select ${requesterColumns}, line.id as line_id, product.id as product_id, line.quantity,
      product.name, product.image, product.price_cents, product.stock
    from requester left join product on true left join line on true`,
  );
});

/**
 * Adds `quantity` of a product to the requester's line for it, creating the line if needed. One
 * statement looks up the session, reads the product and raises or inserts the line, so parallel
 * adds never lose an update and the hot path is a single round trip; a total above the limit
 * changes nothing, and so does a session that has ended.
 */
export async function addToCart(
  db: Db,
  session: SessionInStatement,
  productId: string,
  quantity: number,
): Promise<CartLine> {
  const [row] = await addStatement(db)({ token: session.token, productId, quantity });
  const owner = await session.settle(row);
  if (!row || row.name === null || row.stock === null) throw notFound("No product has this id.");
  if (!hasLine(row))
    throw await refusal(db, owner, { name: row.name, stock: row.stock }, productId, quantity);
  return toCartLine(row, owner.email);
}

/** Why an add changed nothing: no stock, or the line would pass 99 or the stock. */
async function refusal(
  db: Db,
  owner: Owner,
  product: { name: string; stock: number },
  productId: string,
  quantity: number,
) {
  if (product.stock === 0) return outOfStock(`${product.name} is out of stock.`);
  if (quantity > product.stock) return outOfStock(`Only ${product.stock} of ${product.name} left in stock.`);
  const [existing] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.userId, owner.id), eq(cartLines.productId, productId)));
  if ((existing?.quantity ?? 0) + quantity > CART_QUANTITY_MAX) {
    return badRequest(CART_MESSAGES.quantityOverLimit, { quantity: CART_MESSAGES.quantityOverLimit });
  }
  return outOfStock(
    `Only ${product.stock} of ${product.name} left in stock; your cart has ${existing?.quantity ?? 0}.`,
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
      select ${cartLines.id} as line_id, ${cartLines.productId}, ${cartLines.quantity}, ${products.name},
        ${products.image}, ${products.priceCents},
        -- The totals ride along as window columns: one round trip for the page and its counts.
        (count(*) over ())::int as line_count, (sum(${cartLines.quantity}) over ())::int as unit_count
      from ${cartLines} join ${products} on ${products.id} = ${cartLines.productId}
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
  const lines = lineRows.map((row) => toCartLine(row, email));
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
