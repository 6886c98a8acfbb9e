import { CART_MESSAGES, CART_QUANTITY_MAX, type CartLine } from "@shop/contract/cart";
import { and, asc, count, desc, eq, sql, sum } from "drizzle-orm";
import { preparedPerDatabase, prepareRows, type Db } from "../db/client";
import { cartLines, products } from "../db/schema";
import { badRequest, HttpProblem, notFound } from "../http/problem";

const outOfStock = (detail: string) => new HttpProblem(409, "Conflict", detail, { quantity: detail });

interface Owner {
  id: string;
  email: string;
}

const lineColumns = {
  id: cartLines.id,
  productId: cartLines.productId,
  quantity: cartLines.quantity,
  name: products.name,
  image: products.image,
  priceCents: products.priceCents,
};

function toCartLine(
  row: { id: string; productId: string; quantity: number; name: string; image: string; priceCents: number },
  email: string,
): CartLine {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    image: row.image,
    price: row.priceCents / 100,
    quantity: row.quantity,
    total: (row.priceCents * row.quantity) / 100,
    email,
  };
}

interface AddedRow {
  name: string;
  image: string;
  price_cents: number;
  stock: number;
  /** Null when nothing was added (see addToCart). */
  line_id: string | null;
  quantity: number | null;
}

const addStatement = preparedPerDatabase((db) => {
  const productId = sql.placeholder("productId");
  const userId = sql.placeholder("userId");
  const quantity = sql.placeholder("quantity");
  return prepareRows<AddedRow>(
    db,
    "add_to_cart",
    sql`
    with product as (
      select ${products.id}, ${products.name}, ${products.image}, ${products.priceCents}, ${products.stock}
      from ${products} where ${products.id} = ${productId}::uuid
    ), line as (
      insert into ${cartLines} (user_id, product_id, quantity)
      select ${userId}::uuid, product.id, ${quantity}::int from product where ${quantity}::int <= product.stock
      on conflict (user_id, product_id) do update
        set quantity = ${cartLines.quantity} + excluded.quantity, updated_at = now()
        -- Never more than 99, nor more than the stock at this moment.
        where ${cartLines.quantity} + excluded.quantity <= least(${CART_QUANTITY_MAX},
          (select ${products.stock} from ${products} where ${products.id} = excluded.product_id))
      returning ${cartLines.id}, ${cartLines.quantity}
    )
    select product.name, product.image, product.price_cents, product.stock,
      line.id as line_id, line.quantity
    from product left join line on true`,
  );
});

/**
 * Adds `quantity` of a product to the owner's line for it, creating the line if needed. One
 * statement reads the product and raises or inserts the line, so parallel adds never lose an
 * update and the hot path is a single round trip; a total above the limit changes nothing.
 */
export async function addToCart(
  db: Db,
  owner: Owner,
  productId: string,
  quantity: number,
): Promise<CartLine> {
  const [row] = await addStatement(db)({ productId, userId: owner.id, quantity });
  if (!row) throw notFound("No product has this id.");
  if (row.line_id === null || row.quantity === null) throw await refusal(db, owner, row, productId, quantity);
  return toCartLine(
    {
      id: row.line_id,
      productId,
      quantity: row.quantity,
      name: row.name,
      image: row.image,
      priceCents: row.price_cents,
    },
    owner.email,
  );
}

/** Why an add changed nothing: no stock, or the line would pass 99 or the stock. */
async function refusal(db: Db, owner: Owner, product: AddedRow, productId: string, quantity: number) {
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

const cartPageStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...lineColumns,
      // The totals ride along as window columns: one round trip for the page and its counts.
      lineCount: sql<number>`count(*) over ()`.mapWith(Number),
      unitCount: sql<number>`sum(${cartLines.quantity}) over ()`.mapWith(Number),
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, sql.placeholder("userId")))
    .orderBy(desc(cartLines.createdAt), asc(cartLines.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("cart_page"),
);

export async function listCart(db: Db, owner: Owner, page: { limit: number; offset: number }) {
  const rows = await cartPageStatement(db).execute({ userId: owner.id, ...page });
  const totals = rows[0] ?? (page.offset > 0 ? await cartTotals(db, owner) : { lineCount: 0, unitCount: 0 });
  return {
    lines: rows.map((row) => toCartLine(row, owner.email)),
    lineCount: totals.lineCount,
    itemCount: totals.unitCount,
  };
}

/** For a page past the end, which has no rows to carry the totals. */
async function cartTotals(db: Db, owner: Owner) {
  const [totals] = await db
    .select({ lineCount: count(), unitCount: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.userId, owner.id));
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
