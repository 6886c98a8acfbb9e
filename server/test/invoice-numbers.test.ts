import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { invoices } from "../src/db/schema";
import { registerAccount, type TestAccount } from "./support/accounts";
import { checkOutNewProduct } from "./support/orders";
import { buildSecondInstance, createTestApp, type TestContext } from "./support/test-app";

/**
 * Three instances on one database (the PostgreSQL server in the server-postgres project, one
 * PGlite in-process otherwise): invoice numbers come from a counter row locked by each paying
 * transaction, so racing checkouts get contiguous numbers, none twice (decision 033).
 */
let first: TestContext;
let others: App[];

beforeAll(async () => {
  first = await createTestApp();
  others = [await buildSecondInstance(first), await buildSecondInstance(first)];
});
afterAll(async () => {
  for (const app of others) await app.close();
  await first.close();
});

describe("invoice numbers", () => {
  it("fifty parallel checkouts on three instances get fifty contiguous, unique invoice numbers", async () => {
    const instances = [first.app, ...others];
    const shoppers: TestAccount[] = [];
    for (let index = 0; index < 10; index++) shoppers.push(await registerAccount(instances[index % 3]!));
    const before = await first.database.db.select({ number: invoices.number }).from(invoices);
    expect(before).toEqual([]);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        checkOutNewProduct(instances[index % 3]!, shoppers[index % shoppers.length]!),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));

    const issued = await first.database.db
      .select({ number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.kind, "invoice"))
      .orderBy(asc(invoices.number));
    expect(issued.map((row) => row.number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(new Set(issued.map((row) => row.orderId)).size).toBe(50);
    // Each order names its own invoice.
    const numbers = responses.map((response) => response.json().documents[0].number as string).sort();
    expect(numbers).toEqual(issued.map((row) => `INV-${String(row.number).padStart(6, "0")}`));
  }, 180_000);
});
