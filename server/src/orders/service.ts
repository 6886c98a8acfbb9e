import {
  CHECKOUT_MESSAGES,
  ORDER_TRANSITIONS,
  ORDERS_COUNT_CAP,
  type adminOrdersQuerySchema,
  type checkoutBodySchema,
  type Order,
  type OrderSort,
  type OrderStatus,
} from "@shop/contract/orders";
import { centsToDollars } from "@shop/contract/money";
import { shopCurrency } from "@shop/contract/currency";
import type { Language } from "@shop/contract/languages";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { auditActorSetting } from "../audit/actor";
import { Bulkhead } from "../db/bulkhead";
import { POOL_SIZE, preparedPerDatabase, type Db } from "../db/client";
import {
  cartLines,
  guestBagLines,
  orderLines,
  orders,
  products,
  productVariants,
  refunds,
  users,
} from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import { orderMail } from "../mail/order-mail";
import { enqueueMails } from "../mail/outbox";
import { lockGuestCouponUses, recordRedemption, takeCouponUse } from "../money/coupons";
import { priceAt, variantPriceColumns } from "../products/sale-price";
import { priceLines, requireApplicableCoupon, totalsView } from "../money/pricing";
import { recordRefundIntent, refundsOf, toRefund, type RefundRow } from "../money/refunds";
import { returnsOf } from "../money/returns";
import type { PaymentProvider } from "../payments/provider";
import { hasCause } from "../db/error-causes";
import { documentsOf, issueInvoice, toOrderDocument, type DocumentRow } from "../fulfilment/documents";
import { FULFILMENT_KEY, fulfilmentSettingsFrom } from "../fulfilment/settings";
import { readShopSettings } from "../db/shop-settings";
import { MONEY_KEY, moneySettingsFrom } from "../money/settings";
import { shipmentsOf } from "../fulfilment/shipment-views";
import { createOrderLink, prepareOrderMail } from "./order-links";
import { lockProducts, returnStock } from "./stock";
import { shownToShoppersSql } from "../products/visibility";
import { parseOptions, variantImageSql, variantName, variantOptionsSql } from "../products/variant-sql";

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type Checkout = z.output<typeof checkoutBodySchema>;

type ReturnView = Order["returns"][number];

/** What an order has beside its lines, each empty for an order just placed. */
interface OrderParts {
  refunds?: RefundRow[];
  returns?: ReturnView[];
  shipments?: Order["shipments"];
  documents?: DocumentRow[];
}

function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  { refunds = [], returns = [], shipments = [], documents = [] }: OrderParts = {},
): Order {
  const shipped = new Map<string, number>();
  for (const line of shipments.flatMap((shipment) => shipment.lines)) {
    shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return {
    _id: row.id,
    number: row.number,
    email: row.email,
    placedAsGuest: row.guestBagId !== null,
    status: row.status,
    total: centsToDollars(row.totalCents),
    createdAt: row.createdAt.toISOString(),
    delivery: {
      name: row.deliveryName,
      address: row.deliveryAddress,
      city: row.deliveryCity,
      phone: row.deliveryPhone,
    },
    payment: {
      provider: row.paymentProvider,
      reference: row.paymentReference,
      last4: row.cardLast4,
      status: row.paymentStatus,
      checkoutUrl: row.paymentStatus === "awaiting" ? row.paymentUrl : null,
      holdExpiresAt: row.paymentHoldExpiresAt?.toISOString() ?? null,
      flag: row.paymentFlag,
    },
    lines: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      options: line.options,
      name: line.name,
      image: line.image,
      price: centsToDollars(line.unitPriceCents),
      compareAtPrice: line.compareAtCents === null ? null : centsToDollars(line.compareAtCents),
      quantity: line.quantity,
      total: centsToDollars(line.unitPriceCents * line.quantity),
      shipped: shipped.get(line.id) ?? 0,
    })),
    money: {
      ...totalsView({
        subtotalCents: row.subtotalCents,
        discountCents: row.discountCents,
        shippingCents: row.shippingCents,
        taxCents: row.taxCents,
        taxIncluded: row.taxIncluded,
        totalCents: row.totalCents,
      }),
      shippingMethod: row.shippingMethodName,
      couponCode: row.couponCode,
      refunded: centsToDollars(
        refunds
          .filter((refund) => refund.status !== "failed")
          .reduce((sum, refund) => sum + refund.amountCents, 0),
      ),
    },
    refunds: refunds.map(toRefund),
    returns,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    shipments,
    documents: documents.map(toOrderDocument),
  };
}

export async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, refunds, returns, shipments, documents] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.name)),
    refundsOf(db, ids),
    returnsOf(db, ids),
    shipmentsOf(db, ids),
    documentsOf(db, ids),
  ]);
  const ofOrder = <T extends { orderId: string }>(entries: T[], orderId: string) =>
    entries.filter((entry) => entry.orderId === orderId).map(({ orderId: _, ...entry }) => entry);
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
      {
        refunds: refunds.filter((refund) => refund.orderId === row.id),
        returns: ofOrder(returns, row.id),
        shipments: ofOrder(shipments, row.id),
        documents: documents.filter((document) => document.orderId === row.id),
      },
    ),
  );
}

/** Thrown inside the checkout transaction: the rollback leaves stock and cart as they were. */
export class PaymentProblem extends HttpProblem {}

export const UNVERIFIED_CHECKOUT_MESSAGE =
  "Confirm your e-mail address before you check out: open the link we sent you, or send a new one from your profile.";

/**
 * Checkout needs a proven address: the order mails go there (docs/decisions/013-mail-outbox-and-unverified-shoppers.md).
 * The same statement names the audit actor of the checkout's transaction (decision 039).
 */
async function actAsVerifiedShopper(tx: Db, owner: { id: string; email: string }) {
  const [user] = await tx
    .select({ verified: users.emailVerified, actor: auditActorSetting(owner) })
    .from(users)
    .where(eq(users.id, owner.id));
  if (!user?.verified) {
    throw new HttpProblem(403, "Forbidden", UNVERIFIED_CHECKOUT_MESSAGE);
  }
}

/** Checked before any units are held for the shopper: an unconfirmed account holds none. */
async function requireVerified(db: Db, owner: { id: string }) {
  const [user] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, owner.id));
  if (!user?.verified) throw new HttpProblem(403, "Forbidden", UNVERIFIED_CHECKOUT_MESSAGE);
}

const linesGone = () =>
  new HttpProblem(
    409,
    "Conflict",
    "Some of these items are no longer in your cart. Reload the cart and try again.",
  );

/** The line whose units could not be taken, with what is left of it now. */
async function soldOutProblem(db: Db, line: Parameters<typeof stockProblem>[0] & { variantId: string }) {
  const [current] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, line.variantId));
  return stockProblem(line, current?.stock ?? 0);
}

/** What a shopper who missed the last units is told (the flash sale's "sold out"). */
function stockProblem(line: { name: string; options: ReturnType<typeof parseOptions> }, left: number) {
  const name = variantName(line.name, line.options);
  return new HttpProblem(
    409,
    "Conflict",
    left <= 0 ? `${name} is sold out.` : `Only ${left} of ${name} left in stock.`,
  );
}

/**
 * What both checkouts hand over after the buyer: the checked body, its Idempotency-Key, how many
 * minutes a redirect payment holds the stock (30 unless the configuration says), and the clock.
 */
type CheckoutArgs = [checkout: Checkout, idempotencyKey: string, holdMinutes?: number, now?: number];

/**
 * Checks out cart lines: in one transaction it re-reads prices, takes the stock (a conditional
 * decrement, so parallel checkouts never oversell), charges the card, records the order with
 * line snapshots and removes the bought lines from the cart. The same idempotency key returns
 * the first order instead of placing another. With a redirect provider (Stripe Checkout) nothing
 * is charged here: the order is recorded awaiting its payment, holding its stock and coupon use
 * until `holdMinutes` have passed (startHostedPayment() then opens the provider's page).
 */
export async function placeOrder(
  db: Db,
  payments: PaymentProvider,
  /** emailVerified as the request's session read it; asked of the database when not given. */
  owner: { id: string; email: string; emailVerified?: boolean; language?: Language },
  ...rest: CheckoutArgs
): Promise<{ order: Order; created: boolean }> {
  const { id, email, emailVerified, language } = owner;
  return placeOrderFor(db, payments, { kind: "account", id, email, emailVerified, language }, ...rest);
}

/**
 * A guest's checkout (GUEST_CHECKOUT, docs/decisions/042-guest-checkout.md): the same transaction
 * over the guest bag's lines, the order recorded without an account under the given address, and
 * its confirmation carrying a private link to it.
 */
export async function placeGuestOrder(
  db: Db,
  payments: PaymentProvider,
  guest: { bagId: string; email: string; language?: Language },
  ...rest: CheckoutArgs
): Promise<{ order: Order; created: boolean }> {
  const buyer: Buyer = {
    kind: "guest",
    bagId: guest.bagId,
    email: guest.email.trim().toLowerCase(),
    language: guest.language,
  };
  return placeOrderFor(db, payments, buyer, ...rest);
}

/**
 * Checkouts of one instance in their transactions at once: in a rush for the last units each
 * waits for the product row's lock holding a pool connection, and the catalogue's readers keep
 * the rest (docs/decisions/049-checkout-turns.md).
 */
export const CHECKOUT_TURNS = Math.floor(POOL_SIZE / 4);
const checkoutTurns = preparedPerDatabase(() => new Bulkhead(CHECKOUT_TURNS));

/**
 * Who checks out: a signed-in shopper's bag, or a guest's; `language`, the checkout request's,
 * is recorded on the order (a guest's mails are written in it).
 */
type Buyer = { language?: Language | undefined } & (
  | { kind: "account"; id: string; email: string; emailVerified?: boolean | undefined }
  | { kind: "guest"; bagId: string; email: string }
);

/** The bag's lines being bought, with their variant now, in variant order (the lock order). */
async function linesToBuy(tx: Db, buyer: Buyer, lineIds: string[], now: number) {
  const columns = {
    // Taken off sale since it went in the bag (decision 046): it cannot be bought.
    shown: sql<boolean>`${shownToShoppersSql(new Date(now))}`,
    productId: products.id,
    variantId: productVariants.id,
    options: sql<unknown>`${variantOptionsSql(sql`${productVariants}`)}`,
    name: products.name,
    image: sql<string>`${variantImageSql(sql`${productVariants}`, sql`${products}`)}`,
    ...variantPriceColumns,
    stock: productVariants.stock,
  };
  // A guest's bag or an account's cart: the same lines, kept in two tables.
  const bag =
    buyer.kind === "guest"
      ? { lines: guestBagLines, owned: eq(guestBagLines.bagId, buyer.bagId) }
      : { lines: cartLines, owned: eq(cartLines.userId, buyer.id) };
  return tx
    .select({ id: bag.lines.id, quantity: bag.lines.quantity, ...columns })
    .from(bag.lines)
    .innerJoin(productVariants, eq(productVariants.id, bag.lines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(bag.owned, inArray(bag.lines.id, lineIds)))
    .orderBy(asc(productVariants.id));
}

async function placeOrderFor(
  db: Db,
  payments: PaymentProvider,
  buyer: Buyer,
  ...[checkout, idempotencyKey, holdMinutes = 30, now = Date.now()]: CheckoutArgs
): Promise<{ order: Order; created: boolean }> {
  const earlier = await findByIdempotencyKey(db, buyer, idempotencyKey);
  if (earlier) return { order: earlier, created: false };
  const card = checkout.card;
  if (payments.flow === "card" && !card) {
    throw new HttpProblem(400, "Bad Request", CHECKOUT_MESSAGES.cardNumberRequired, {
      "card.number": CHECKOUT_MESSAGES.cardNumberRequired,
    });
  }

  if (buyer.kind === "account") {
    if (buyer.emailVerified === false) throw new HttpProblem(403, "Forbidden", UNVERIFIED_CHECKOUT_MESSAGE);
    if (buyer.emailVerified === undefined) await requireVerified(db, buyer);
  }
  const lineIds = [...new Set(checkout.lineIds)];
  const lines = (await linesToBuy(db, buyer, lineIds, now)).map((line) => {
    // The price that applies now, a running sale's: what the bag showed last may differ.
    const applied = priceAt(line.regularCents, line.saleCents, line, now);
    return {
      ...line,
      options: parseOptions(line.options),
      priceCents: applied.priceCents,
      compareAtCents: applied.compareAtCents,
    };
  });
  if (lines.length !== lineIds.length) throw linesGone();
  const withdrawn = lines.find((line) => !line.shown);
  if (withdrawn) {
    throw new HttpProblem(
      409,
      "Conflict",
      `${variantName(withdrawn.name, withdrawn.options)} is no longer for sale. Remove it from your bag to check out.`,
    );
  }
  // Not enough left already: no turn to wait for and no lock to take (in a flash sale most
  // shoppers arrive after the last unit went). Enough: the conditional decrement below decides.
  const short = lines.find((line) => line.stock < line.quantity);
  if (short) throw stockProblem(short, short.stock);

  try {
    const order = await checkoutTurns(db).run(() =>
      db.transaction(async (tx) => {
        // A guest proves no address: the order's mails go to the one typed (decision 042).
        if (buyer.kind === "account") await actAsVerifiedShopper(tx, buyer);
        // First: one address's guest checkouts with a code take turns.
        else if (checkout.couponCode) await lockGuestCouponUses(tx, buyer.email);

        // The money module prices the lines; with variants only the unit price's source changes.
        const settings = await readShopSettings(tx, [MONEY_KEY, FULFILMENT_KEY]);
        const pricing = await priceLines(tx, {
          settings: moneySettingsFrom(settings.get(MONEY_KEY)),
          lines: lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity })),
          shippingMethodId: checkout.shippingMethodId,
          couponCode: checkout.couponCode,
          ...(buyer.kind === "account" ? { userId: buyer.id } : { email: buyer.email }),
          now: new Date(),
        });
        requireApplicableCoupon(pricing);

        // Products first, then variants, each in id order: the order every stock writer keeps
        // (a variant's stock change also writes its product's derived stock), so no deadlocks.
        await lockProducts(
          tx,
          lines.map((line) => line.productId),
        );
        for (const line of lines) {
          const [taken] = await tx
            .update(productVariants)
            .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
            .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
            .returning({ stock: productVariants.stock });
          if (!taken) throw await soldOutProblem(tx, line);
        }

        // Before the charge: a used-up coupon stops the order without touching the card.
        if (pricing.coupon) await takeCouponUse(tx, pricing.coupon.id);
        const { totals } = pricing;
        const totalCents = totals.totalCents;
        const payment =
          totalCents === 0
            ? // A 100 % coupon: nothing to charge.
              ({ status: "succeeded", reference: "none", last4: card?.number.slice(-4) ?? "" } as const)
            : payments.flow === "redirect"
              ? ({ status: "awaiting", reference: "", last4: "" } as const)
              : await payments.charge({
                  amountCents: totalCents,
                  currency: shopCurrency().code,
                  card: card!,
                  reference: idempotencyKey,
                });
        if (payment.status === "declined") throw new PaymentProblem(402, "Payment Declined", payment.message);
        if (payment.status === "invalid") {
          throw new PaymentProblem(400, "Bad Request", payment.message, {
            [`card.${payment.field}`]: payment.message,
          });
        }
        const awaiting = payment.status === "awaiting";

        const [row] = await tx
          .insert(orders)
          .values({
            userId: buyer.kind === "account" ? buyer.id : null,
            guestBagId: buyer.kind === "guest" ? buyer.bagId : null,
            language: buyer.language ?? null,
            email: buyer.email,
            status: awaiting ? "awaiting_payment" : "paid",
            paymentStatus: awaiting ? "awaiting" : "paid",
            paymentHoldExpiresAt: awaiting ? new Date(Date.now() + holdMinutes * 60_000) : null,
            totalCents,
            currency: shopCurrency().code,
            subtotalCents: totals.subtotalCents,
            discountCents: totals.discountCents,
            shippingCents: totals.shippingCents,
            taxCents: totals.taxCents,
            taxIncluded: totals.taxIncluded,
            shippingMethodId: pricing.shippingMethod?.id ?? null,
            shippingMethodName: pricing.shippingMethod?.name ?? null,
            couponId: pricing.coupon?.id ?? null,
            couponCode: pricing.coupon?.code ?? null,
            deliveryName: checkout.delivery.name,
            deliveryAddress: checkout.delivery.address,
            deliveryCity: checkout.delivery.city,
            deliveryPhone: checkout.delivery.phone,
            paymentProvider: payments.name,
            paymentReference: payment.reference,
            cardLast4: payment.last4,
            idempotencyKey,
          })
          .returning();
        const inserted = await tx
          .insert(orderLines)
          .values(
            lines.map((line) => ({
              orderId: row!.id,
              productId: line.productId,
              variantId: line.variantId,
              options: line.options,
              name: line.name,
              image: line.image,
              unitPriceCents: line.priceCents,
              compareAtCents: line.compareAtCents,
              quantity: line.quantity,
            })),
          )
          .returning();
        // A guest's use of a coupon is the order's coupon_id under its address (no account to key on).
        if (pricing.coupon && buyer.kind === "account") {
          await recordRedemption(tx, pricing.coupon.id, buyer.id, row!.id);
        }
        // Bought once: a second checkout of the same lines (another key, another tab) finds them gone.
        const removed =
          buyer.kind === "guest"
            ? await tx
                .delete(guestBagLines)
                .where(inArray(guestBagLines.id, lineIds))
                .returning({ id: guestBagLines.id })
            : await tx
                .delete(cartLines)
                .where(inArray(cartLines.id, lineIds))
                .returning({ id: cartLines.id });
        if (removed.length !== lineIds.length) throw linesGone();
        // An order awaiting its payment gets its invoice and mail when the provider says it is paid.
        if (awaiting) return toOrder(row!, inserted);
        // Last: the invoice counter's row lock is held until the commit (decision 033).
        const { seller, invoiceInMail } = fulfilmentSettingsFrom(settings.get(FULFILMENT_KEY));
        const invoice = await issueInvoice(tx, row!, seller);
        const order = toOrder(row!, inserted, { documents: [invoice] });
        // In the order's transaction: a placed order always gets its mail, a rolled-back one never.
        await enqueueMails(tx, [await confirmationMail(tx, order, invoiceInMail)]);
        return order;
      }),
    );
    return { order, created: true };
  } catch (error) {
    // Two requests with one key raced: the other committed first; answer with its order.
    if (
      isUniqueViolation(error, "orders_user_idempotency_unique") ||
      isUniqueViolation(error, "orders_guest_idempotency_unique")
    ) {
      const winner = await findByIdempotencyKey(db, buyer, idempotencyKey);
      if (winner) return { order: winner, created: false };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return hasCause(
    error,
    (cause) =>
      cause.code === "23505" &&
      (cause.constraint === constraint ||
        (typeof cause.message === "string" && cause.message.includes(constraint))),
  );
}

/**
 * An order's confirmation; a guest's carries a new private link to the order (the mail is the only
 * place its token is ever shown), and no invoice download, which needs an account's session.
 */
export async function confirmationMail(tx: Db, order: Order, invoiceInMail: "attach" | "link") {
  const mail = orderMail("order-confirmation", order, { invoiceInMail });
  if (!order.placedAsGuest || mail.kind !== "order-confirmation") return mail;
  if (mail.data.invoice?.delivery === "link") delete mail.data.invoice;
  mail.data.orderLinkToken = await createOrderLink(tx, order._id);
  return mail;
}

async function findByIdempotencyKey(db: Db, buyer: Buyer, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        buyer.kind === "account" ? eq(orders.userId, buyer.id) : eq(orders.guestBagId, buyer.bagId),
        eq(orders.idempotencyKey, key),
      ),
    )
    .limit(1);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

type OrdersFilter = Partial<Omit<z.output<typeof adminOrdersQuerySchema>, "limit" | "offset">> & {
  userId?: string;
  limit: number;
  offset: number;
};

/** Refunded so far (pending and succeeded count), per order. */
const refundedSql = sql`coalesce((select sum(${refunds.amountCents}) from ${refunds}
  where ${refunds.orderId} = ${orders.id} and ${refunds.status} <> 'failed'), 0)`;

/** Escapes LIKE's wildcards in what the admin typed. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function ordersWhere(filter: OrdersFilter) {
  const q = filter.q?.trim();
  const number = q && /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : undefined;
  return and(
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    number !== undefined
      ? eq(orders.number, number)
      : q
        ? or(
            sql`lower(${orders.email}) like ${likePrefix(q)}`,
            sql`lower(${orders.deliveryName}) like ${likePrefix(q)}`,
          )
        : undefined,
    filter.from ? gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to
      ? lt(orders.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
    filter.shippingMethod ? eq(orders.shippingMethodName, filter.shippingMethod) : undefined,
    filter.payment === "paid" ? sql`${refundedSql} = 0` : undefined,
    filter.payment === "partly-refunded"
      ? sql`${refundedSql} between 1 and ${orders.totalCents} - 1`
      : undefined,
    filter.payment === "refunded"
      ? sql`${refundedSql} >= ${orders.totalCents} and ${orders.totalCents} > 0`
      : undefined,
    filter.payment === "attention"
      ? or(eq(orders.paymentStatus, "awaiting"), isNotNull(orders.paymentFlag))
      : undefined,
  );
}

const ORDER_BY = {
  newest: [desc(orders.createdAt), desc(orders.number)],
  oldest: [asc(orders.createdAt), asc(orders.number)],
  "total-desc": [desc(orders.totalCents), desc(orders.number)],
  "total-asc": [asc(orders.totalCents), asc(orders.number)],
} as const;

/**
 * The orders after order number `after` in the `sort` order: a row comparison on the sort's key
 * and the number, which its index (orders_created_at_number_idx, orders_total_idx) answers
 * directly. The anchor is read in the same statement, so its timestamp keeps its microseconds;
 * an unknown number matches nothing.
 */
function keysetAfter(sort: OrderSort, after: number) {
  const anchor = (column: "created_at" | "total_cents") =>
    sql`(select ${sql.raw(column)}, ${orders.number} from ${orders} where ${orders.number} = ${after})`;
  switch (sort) {
    case "newest":
      return sql`(${orders.createdAt}, ${orders.number}) < ${anchor("created_at")}`;
    case "oldest":
      return sql`(${orders.createdAt}, ${orders.number}) > ${anchor("created_at")}`;
    case "total-desc":
      return sql`(${orders.totalCents}, ${orders.number}) < ${anchor("total_cents")}`;
    case "total-asc":
      return sql`(${orders.totalCents}, ${orders.number}) > ${anchor("total_cents")}`;
  }
}

/**
 * How many orders match; past `cap` it stops counting and answers cap + 1 ("more than cap"):
 * an exact count of a million orders reads them all, on every page.
 */
async function countOrders(db: Db, where: SQL | undefined, cap?: number) {
  if (cap === undefined) {
    const [row] = await db.select({ total: count() }).from(orders).where(where);
    return row?.total ?? 0;
  }
  const matching = db
    .select({ one: sql`1`.as("one") })
    .from(orders)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

export async function listOrders(db: Db, filter: OrdersFilter) {
  const sort = filter.sort ?? "newest";
  const where = ordersWhere(filter);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(filter.after === undefined ? where : and(where, keysetAfter(sort, filter.after)))
      .orderBy(...ORDER_BY[sort])
      .limit(filter.limit)
      .offset(filter.after === undefined ? filter.offset : 0),
    // A shopper's own orders are few; every order of the shop can be a million.
    countOrders(db, where, filter.userId ? undefined : ORDERS_COUNT_CAP),
  ]);
  return { items: await withLines(db, rows), total };
}

/**
 * Every order matching All Orders' filters, in its sort, a page of `size` rows at a time (keyset
 * paging, so each page costs the same and memory stays flat however many there are), with what
 * was refunded of each.
 */
export async function* eachOrderPage(db: Db, filter: Omit<OrdersFilter, "limit" | "offset">, size = 1_000) {
  const sort = filter.sort ?? "newest";
  const where = ordersWhere({ ...filter, limit: size, offset: 0 });
  let after: number | undefined;
  for (;;) {
    const page = await db
      .select({ order: orders, refundedCents: sql<number>`${refundedSql}`.mapWith(Number) })
      .from(orders)
      .where(after === undefined ? where : and(where, keysetAfter(sort, after)))
      .orderBy(...ORDER_BY[sort])
      .limit(size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    after = page.at(-1)!.order.number;
  }
}

/** One order; `userId` set: only if it is theirs (otherwise it does not exist for them). */
export async function getOrder(db: Db, id: string, userId?: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), userId ? eq(orders.userId, userId) : undefined))
    .limit(1);
  if (!row) throw notFound("No such order.");
  return (await withLines(db, [row]))[0]!;
}

/**
 * Moves an order one allowed step; cancelling a paid order puts its units back in stock and, in
 * the same transaction, records the intent to refund what is left of the payment (sent after the
 * commit by sendPendingRefunds, docs/decisions/019-checkout-money.md).
 */
export async function changeOrderStatus(db: Db, id: string, next: OrderStatus): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!row) throw notFound("No such order.");
    if (!ORDER_TRANSITIONS[row.status].includes(next)) {
      throw new HttpProblem(409, "Conflict", `An order that is ${row.status} cannot become ${next}.`);
    }
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    if (next === "cancelled" && (await shipmentsOf(tx, [id])).length > 0) {
      throw new HttpProblem(
        409,
        "Conflict",
        "Part of this order has been shipped: refund or take back the rest instead of cancelling.",
      );
    }
    if (next === "cancelled") {
      await returnStock(tx, lines);
      await recordRefundIntent(tx, row, {
        amountCents: null,
        reason: "Order cancelled",
        idempotencyKey: `cancel:${row.id}`,
      });
    }
    const [updated] = await tx
      .update(orders)
      .set({ status: next, ...(next === "delivered" ? { deliveredAt: new Date() } : {}) })
      .where(eq(orders.id, id))
      .returning();
    const order = (await withLines(tx, [updated!]))[0]!;
    if (next === "shipped" || next === "delivered" || next === "cancelled") {
      // A guest's mail opens the order through a fresh private link; a deleted account gets none.
      const mail = await prepareOrderMail(tx, orderMail(`order-${next}`, order));
      if (mail) await enqueueMails(tx, [mail]);
    }
    return order;
  });
}
