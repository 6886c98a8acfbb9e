import { CUSTOMERS_COUNT_CAP } from "@shop/contract/customers";
import type {
  CustomerDetail,
  CustomerList,
  CustomerNote,
  CustomersQuery,
  CustomerSort,
} from "@shop/contract/customers";
import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { customerNotes, customerTotals, orders, productReviews, products, users } from "../db/schema";
import { notFound } from "../http/problem";
import { escapeLikePattern } from "../products/service";

/**
 * A customer's figures come from customer_totals, the orders added up per account by triggers in
 * the transaction that changes an order (migration 0021): the list sorts a million orders' buyers
 * without adding their orders up on every page. Spent counts orders neither cancelled nor
 * awaiting payment.
 */
const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  orders: customerTotals.orders,
  spentCents: customerTotals.spentCents,
  lastOrderAt: customerTotals.lastOrderAt,
};

type SummaryRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  orders: number;
  spentCents: number;
  lastOrderAt: Date | string | null;
};

function summaryOf(row: SummaryRow) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    joinedAt: row.createdAt.toISOString(),
    orders: Number(row.orders),
    totalSpentCents: Number(row.spentCents),
    // A raw timestamp arrives as text from one driver and as a Date from the other.
    lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString(),
  };
}

/** Each sort in its index's order (customer_totals_*_idx, users' own), the id breaking ties. */
function orderFor(sort: CustomerSort): SQL[] {
  switch (sort) {
    case "spent":
      return [sql`${customerTotals.spentCents} desc`, asc(customerTotals.userId)];
    case "orders":
      return [sql`${customerTotals.orders} desc`, asc(customerTotals.userId)];
    case "name":
      return [asc(sql`lower(${users.name})`), asc(users.id)];
    case "joined":
      return [desc(users.createdAt), asc(users.id)];
    case "last-order":
      return [sql`${customerTotals.lastOrderAt} desc nulls last`, asc(customerTotals.userId)];
  }
}

/** Shoppers' accounts (admins are staff), with their orders' count, total and last date. */
export async function listCustomers(db: Db, query: CustomersQuery): Promise<CustomerList> {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  const where = and(
    eq(users.role, "user"),
    pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(customerTotals)
      .innerJoin(users, eq(users.id, customerTotals.userId))
      .where(where)
      .orderBy(...orderFor(query.sort))
      .limit(query.limit)
      .offset(query.offset),
    // Counted up to the cap (cap + 1: "more than"): an exact count reads every account per page.
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(users)
        .where(where)
        .limit(CUSTOMERS_COUNT_CAP + 1)
        .as("matching"),
    ),
  ]);
  return { customers: rows.map(summaryOf), total: counted[0]?.total ?? 0 };
}

/** Everything the staff see on a customer's page; 404 for an unknown id or a staff account. */
export async function customerDetail(db: Db, customerId: string): Promise<CustomerDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(customerTotals)
    .innerJoin(users, eq(users.id, customerTotals.userId))
    .where(and(eq(users.id, customerId), eq(users.role, "user")));
  if (!row) throw notFound("No customer has this id.");
  const [recentOrders, addressRows, reviewRows, notes] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(50),
    db
      .select({
        name: orders.deliveryName,
        address: orders.deliveryAddress,
        city: orders.deliveryCity,
        phone: orders.deliveryPhone,
      })
      .from(orders)
      // An erased account's orders keep "" in place of the address.
      .where(and(eq(orders.userId, customerId), ne(orders.deliveryAddress, "")))
      .groupBy(orders.deliveryName, orders.deliveryAddress, orders.deliveryCity, orders.deliveryPhone)
      .orderBy(desc(max(orders.createdAt)))
      .limit(10),
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        productName: products.name,
        rating: productReviews.rating,
        title: productReviews.title,
        createdAt: productReviews.createdAt,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(eq(productReviews.userId, customerId))
      .orderBy(desc(productReviews.createdAt))
      .limit(50),
    notesOf(db, customerId),
  ]);
  return {
    customer: summaryOf(row),
    addresses: addressRows,
    recentOrders: recentOrders.map((order) => ({
      _id: order.id,
      number: order.number,
      status: order.status,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
    })),
    reviews: reviewRows.map((review) => ({
      _id: review.id,
      productId: review.productId,
      productName: review.productName,
      rating: review.rating,
      title: review.title,
      createdAt: review.createdAt.toISOString(),
    })),
    notes,
  };
}

async function notesOf(db: Db, customerId: string, ids?: string[]): Promise<CustomerNote[]> {
  const rows = await db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      author: users.name,
      createdAt: customerNotes.createdAt,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(and(eq(customerNotes.customerId, customerId), ids ? inArray(customerNotes.id, ids) : undefined))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map((note) => ({
    _id: note.id,
    body: note.body,
    author: note.author,
    createdAt: note.createdAt.toISOString(),
  }));
}

/** A staff member's note on a customer's page. */
export async function addCustomerNote(
  db: Db,
  customerId: string,
  authorId: string,
  body: string,
): Promise<CustomerNote> {
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.role, "user")));
  if (!customer) throw notFound("No customer has this id.");
  const [note] = await db.insert(customerNotes).values({ customerId, authorId, body }).returning();
  const [written] = await notesOf(db, customerId, [note!.id]);
  return written!;
}

/** Removes a note; 404 when the customer has no such note. */
export async function deleteCustomerNote(db: Db, customerId: string, noteId: string): Promise<void> {
  const removed = await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.customerId, customerId)))
    .returning({ id: customerNotes.id });
  if (removed.length === 0) throw notFound("This customer has no such note.");
}
