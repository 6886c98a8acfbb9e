import { stringify } from "csv-stringify/sync";
import { Readable } from "node:stream";
import type { AdminOrdersExportQuery } from "@shop/contract/orders";
import { PRODUCT_CSV_COLUMNS } from "@shop/contract/desk";
import { asc, sql } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import { products } from "../db/schema";
import { formatCents, neutraliseFormula } from "./cells";
import { eachOrderPage } from "../orders/service";

const toCsv = (header: readonly string[], rows: (string | number | null)[][]) =>
  stringify(
    [header, ...rows.map((row) => row.map((cell) => neutraliseFormula(cell === null ? "" : String(cell))))],
    {
      record_delimiter: "\r\n",
    },
  );

/** Every product with its stock, in the columns the import reads (PRODUCT_CSV_COLUMNS). */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
  return toCsv(
    PRODUCT_CSV_COLUMNS,
    rows.map((row) => [
      row.id,
      row.name,
      row.category,
      formatCents(row.priceCents),
      row.stock,
      row.description,
      row.image,
    ]),
  );
}

export const ORDER_CSV_COLUMNS = [
  "order_number",
  "placed_at",
  "status",
  "email",
  "order_total",
  "product_id",
  "product_name",
  "unit_price",
  "quantity",
  "line_total",
] as const;

interface OrderLineRow {
  number: number;
  placed_at: string;
  status: string;
  email: string;
  total_cents: number;
  product_id: string | null;
  name: string;
  unit_price_cents: number;
  quantity: number;
}

/** Orders placed on the UTC days `from` to `to` (inclusive), one row per order line. */
export async function exportOrdersCsv(db: Db, range: { from: string; to: string }): Promise<string> {
  const rows = await selectRows<OrderLineRow>(
    db,
    sql`select o.number, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as placed_at,
               o.status, o.email, o.total_cents, l.product_id, l.name, l.unit_price_cents, l.quantity
        from orders o join order_lines l on l.order_id = o.id
        where o.created_at >= (${range.from}::date::timestamp at time zone 'UTC')
          and o.created_at < ((${range.to}::date + 1)::timestamp at time zone 'UTC')
        order by o.created_at, o.number, l.name`,
  );
  return toCsv(
    ORDER_CSV_COLUMNS,
    rows.map((row) => [
      row.number,
      row.placed_at,
      row.status,
      row.email,
      formatCents(row.total_cents),
      row.product_id,
      row.name,
      formatCents(row.unit_price_cents),
      row.quantity,
      formatCents(row.unit_price_cents * row.quantity),
    ]),
  );
}

export const ORDER_SUMMARY_CSV_COLUMNS = [
  "order_number",
  "placed_at",
  "status",
  "payment_status",
  "email",
  "delivery_name",
  "currency",
  "subtotal",
  "discount",
  "shipping",
  "tax",
  "tax_included",
  "total",
  "refunded",
  "shipping_method",
  "coupon",
  "payment_provider",
  "payment_reference",
] as const;

/**
 * The orders All Orders lists with `filter`, one row per order, for accounting: written a page of
 * orders at a time as the database answers, so a million orders take no more memory than one page.
 * The first page is read before anything is sent: a query the database refuses (a NUL in the
 * search) is then still a 4xx, not a reply cut off after its headers.
 */
export async function streamOrdersCsv(db: Db, filter: AdminOrdersExportQuery): Promise<Readable> {
  const pages = eachOrderPage(db, filter);
  const first = await pages.next();
  async function* chunks() {
    yield toCsv(ORDER_SUMMARY_CSV_COLUMNS, []);
    if (first.done) return;
    yield orderSummaryRows(first.value);
    for await (const page of pages) yield orderSummaryRows(page);
  }
  return Readable.from(chunks());
}

type OrderPage = Awaited<ReturnType<typeof eachOrderPage> extends AsyncGenerator<infer Page> ? Page : never>;

function orderSummaryRows(page: OrderPage): string {
  return stringify(
    page.map(({ order, refundedCents }) =>
      [
        order.number,
        order.createdAt.toISOString(),
        order.status,
        order.paymentStatus,
        order.email,
        order.deliveryName,
        order.currency,
        formatCents(order.subtotalCents),
        formatCents(order.discountCents),
        formatCents(order.shippingCents),
        formatCents(order.taxCents),
        order.taxIncluded ? "yes" : "no",
        formatCents(order.totalCents),
        formatCents(refundedCents),
        order.shippingMethodName,
        order.couponCode,
        order.paymentProvider,
        order.paymentReference,
      ].map((cell) => neutraliseFormula(cell === null || cell === undefined ? "" : String(cell))),
    ),
    { record_delimiter: "\r\n" },
  );
}
