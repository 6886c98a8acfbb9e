import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { mails } from "../src/db/schema";
import { registerAccount, uniqueEmail } from "./support/accounts";
import { checkOutNewProduct } from "./support/orders";
import { startSmtpSink, type SmtpSink } from "./support/smtp-sink";
import { buildSecondInstance, createTestApp, FAST_MAIL, type TestContext } from "./support/test-app";

/**
 * Two instances on one database (PGlite shared in-process here, the PostgreSQL server in the
 * server-postgres project), each with its own mail sender, both sending to one SMTP server.
 */
let smtp: SmtpSink;
let first: TestContext;
let second: App;

// Small batches and a fast poll: the two senders go after the same rows as often as possible.
const RACING_MAIL = { ...FAST_MAIL, pollIntervalMs: 5, batchSize: 2 };

beforeAll(async () => {
  smtp = await startSmtpSink();
  first = await createTestApp({ config: { smtpUrl: smtp.url }, mail: RACING_MAIL });
  second = await buildSecondInstance(first, { config: { smtpUrl: smtp.url }, mail: RACING_MAIL });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await smtp.close();
});

describe("two instances sending mail", () => {
  it("send each order confirmation exactly once", async () => {
    const shopper = await registerAccount(first.app, uniqueEmail("twice"));
    const ORDERS = 24;
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, (_, index) =>
        checkOutNewProduct(index % 2 ? second : first.app, shopper),
      ),
    );
    expect(placed.map((response) => response.statusCode)).toEqual(Array(ORDERS).fill(201));
    // Both instances also drain by hand, at the same moment, on top of their own loops.
    await Promise.all([first.app.mailSender.deliverDue(), second.mailSender.deliverDue()]);

    const confirmations = () =>
      smtp.to(shopper.email).filter((mail) => /is confirmed$/.test(mail.subject ?? ""));
    await smtp.waitFor(() => confirmations().length >= ORDERS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const subjects = confirmations().map((mail) => mail.subject);
    expect(subjects).toHaveLength(ORDERS);
    expect(new Set(subjects)).toEqual(
      new Set(placed.map((response) => `Your order #${response.json().number} is confirmed`)),
    );
    const rows = await first.database.db.select().from(mails).where(eq(mails.recipient, shopper.email));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});
