import { ORDER_SORTS, ORDERS_COUNT_CAP, type Order } from "@shop/contract/orders";
import { ORDER_SUMMARY_CSV_COLUMNS } from "../catalogue-csv/export";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { seedOrders } from "../db/order-generator";

/**
 * All Orders past a page (issue 40): keyset pages in every sort, a count that stops at
 * ORDERS_COUNT_CAP, and the CSV export of the filtered orders, on a shop with more orders than
 * the cap.
 */
let context: TestContext;
let admin: TestAccount;
const ORDERS = ORDERS_COUNT_CAP + 150;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["paging@shop.test"] } });
  admin = await registerAccount(context.app, "paging@shop.test", "Paging Owner");
  for (const priceCents of [1999, 4999, 12000]) await insertProduct(context.database.db, { priceCents });
  await seedOrders(context.database.db, ORDERS);
}, 120_000);
afterAll(() => context.close());

async function list(query: string) {
  const response = await context.app.inject({ url: `/api/admin/orders?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return {
    numbers: (response.json() as Order[]).map((order) => order.number),
    total: Number(response.headers["x-total-count"]),
  };
}

describe("All Orders at more than a page", () => {
  it("counts up to the cap and answers cap + 1 past it; a narrow filter is counted exactly", async () => {
    expect((await list("limit=1")).total).toBe(ORDERS_COUNT_CAP + 1);
    const cancelled = await list("status=cancelled&limit=100");
    expect(cancelled.total).toBeGreaterThan(0);
    expect(cancelled.total).toBeLessThan(ORDERS_COUNT_CAP);
  });

  it.each(ORDER_SORTS)(
    "pages after an order number in the %s order: the same orders as one offset list",
    async (sort) => {
      // 250 orders in the middle of the list, read by offset in one go and by keyset in five pages.
      const reference = (await list(`sort=${sort}&limit=100&offset=5000`)).numbers;
      reference.push(...(await list(`sort=${sort}&limit=100&offset=5100`)).numbers);
      reference.push(...(await list(`sort=${sort}&limit=50&offset=5200`)).numbers);
      const paged: number[] = [];
      let after = (await list(`sort=${sort}&limit=1&offset=4999`)).numbers[0]!;
      while (paged.length < reference.length) {
        const page = (await list(`sort=${sort}&limit=50&after=${after}`)).numbers;
        expect(page).toHaveLength(50);
        paged.push(...page);
        after = page.at(-1)!;
      }
      expect(paged).toEqual(reference);
    },
  );

  it("answers an unknown anchor with an empty page, and a malformed one with 400", async () => {
    expect((await list("after=2147483647")).numbers).toEqual([]);
    for (const after of ["abc", "0", "-3", "1.5"]) {
      const response = await context.app.inject({
        url: `/api/admin/orders?after=${after}`,
        headers: admin.headers,
      });
      expect(response.statusCode, after).toBe(400);
    }
  });

  it("exports the filtered orders as CSV, one row per order, in the list's order, past any page size", async () => {
    const response = await context.app.inject({
      url: "/api/admin/orders.csv?sort=oldest",
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = response.body.trimEnd().split("\r\n");
    expect(header).toBe(ORDER_SUMMARY_CSV_COLUMNS.join(","));
    expect(rows).toHaveLength(ORDERS);
    const numbers = rows.map((row) => Number(row.split(",")[0]));
    expect(numbers.slice(0, 100)).toEqual((await list("sort=oldest&limit=100")).numbers);
    expect(new Set(numbers).size).toBe(ORDERS);

    const cancelled = await list("status=cancelled&limit=100");
    const filtered = await context.app.inject({
      url: "/api/admin/orders.csv?status=cancelled",
      headers: admin.headers,
    });
    const filteredRows = filtered.body.trimEnd().split("\r\n").slice(1);
    expect(filteredRows).toHaveLength(cancelled.total);
    expect(filteredRows.every((row) => row.split(",")[2] === "cancelled")).toBe(true);

    const bad = await context.app.inject({
      url: "/api/admin/orders.csv?status=lost",
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
