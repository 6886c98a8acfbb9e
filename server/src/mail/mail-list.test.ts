import type { MailSummary } from "@shop/contract/mail";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { mails } from "../db/schema";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["mail-list-admin@shop.test"] } });
  admin = await registerAccount(context.app, "mail-list-admin@shop.test");
  // Each sign-up queues its confirmation mail.
  await registerAccount(context.app);
  await registerAccount(context.app);
});
afterAll(() => context.close());

const listPage = (limit: number, offset: number) =>
  context.app.inject({ url: `/api/admin/mails?limit=${limit}&offset=${offset}`, headers: admin.headers });

describe("the admin's Mail page list", () => {
  it("pages the mails newest first, with the count of all of them in X-Total-Count", async () => {
    const stored = (await context.database.db.select({ n: sql<number>`count(*)::int` }).from(mails))[0]!.n;
    expect(stored).toBeGreaterThanOrEqual(3);

    const all = await listPage(100, 0);
    expect(all.statusCode, all.body).toBe(200);
    expect(Number(all.headers["x-total-count"])).toBe(stored);
    const everyMail = all.json<MailSummary[]>();
    expect(everyMail).toHaveLength(stored);
    const times = everyMail.map((mail) => mail.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const second = await listPage(1, 1);
    expect(Number(second.headers["x-total-count"])).toBe(stored);
    expect(second.json<MailSummary[]>().map((mail) => mail._id)).toEqual([everyMail[1]!._id]);
  });
});
